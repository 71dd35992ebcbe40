import { ORIGIN_SECRET_HEADER } from '@shuttle/functions/platform/origin-guard.ts';
import { ROTATION_LIVE_FILTERS } from '@shuttle/functions/rotation/stream-filter.ts';
import { ROTATION_WS_PATH } from '@shuttle/shared';
import { Duration, Fn } from 'aws-cdk-lib';
import { WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration, WebSocketMockIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import {
  AllowedMethods,
  CachePolicy,
  type Distribution,
  Function as EdgeFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  type IResponseHeadersPolicy,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { ShuttleConfig } from '../config.ts';
import { TABLE_ACCESS } from './database.ts';
import { handlerFunction } from './lambda-function.ts';

/**
 * The stage of the WebSocket API. API Gateway accepts a connection only at the stage's root
 * (`/<stage>`, no path after it), so CloudFront's `/ws/*` behaviour rewrites `/ws/rotation` to
 * `/rotation` and the apps keep the local URL (docs/ON-COURT.md, "Live").
 */
export const ROTATION_WS_STAGE = 'rotation';

/** Viewer request of `/ws/*`: the board's socket path becomes the stage root; any other path is 404. */
export const WS_REWRITE = `function handler(event) {
  var request = event.request;
  if (request.uri !== '${ROTATION_WS_PATH}') return { statusCode: 404, statusDescription: 'Not Found' };
  request.uri = '/${ROTATION_WS_STAGE}';
  return request;
}`;

export interface RotationLiveProps {
  table: ITable;
  config: ShuttleConfig;
  /** Signs member and admin tokens (constructs/api.ts): `$connect` verifies them. */
  jwtSecret: ISecret;
  /** CloudFront's origin header secret (constructs/api.ts): `$connect` refuses requests without it. */
  originSecret: ISecret;
}

/**
 * The rotation board live on AWS (docs/ON-COURT.md, "Live"): an API Gateway WebSocket API whose
 * `$connect` checks the viewer and stores the socket and `$disconnect` forgets it (one function,
 * `handlers/rotation-sockets.ts`), `$default` a mock that answers nothing (clients send nothing);
 * and a broadcaster (`handlers/rotation-broadcast.ts`) on its own event source mapping of the
 * table's stream, filtered to board writes and to rights ending (an account deleted, an admin
 * link removed, a booking no longer accepted), so the outbox consumer stays as it is. It posts
 * boards and closes sockets (`DeleteConnection`) through the stage's management API.
 */
export class RotationLive extends Construct {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;
  readonly socketFunction: NodejsFunction;
  readonly broadcastFunction: NodejsFunction;

  constructor(scope: Construct, id: string, props: RotationLiveProps) {
    super(scope, id);
    const { table, config } = props;

    this.socketFunction = handlerFunction(this, 'Sockets', {
      handler: 'rotation-sockets',
      description: 'Rotation board WebSocket: $connect checks the viewer and stores the socket, $disconnect forgets it',
      environment: {
        TABLE_NAME: table.tableName,
        JWT_SECRET_ARN: props.jwtSecret.secretArn,
        ORIGIN_SECRET_ARN: props.originSecret.secretArn,
      },
      timeout: Duration.seconds(10),
      // A flood of handshakes on the WebSocket API's own URL (no WAF attaches to WebSocket APIs)
      // is refused by this function; its own instances keep that from the rest of the account.
      reservedConcurrentExecutions: config.rotationSocketsConcurrency,
    });
    table.grant(this.socketFunction, ...TABLE_ACCESS.rotationSockets);
    props.jwtSecret.grantRead(this.socketFunction);
    props.originSecret.grantRead(this.socketFunction);

    const sockets = new WebSocketLambdaIntegration('SocketsIntegration', this.socketFunction);
    this.api = new WebSocketApi(this, 'Api', {
      apiName: `shuttle-rotation-${config.stageName}`,
      description: 'Rotation board live updates (docs/ON-COURT.md, "Live")',
      connectRouteOptions: { integration: sockets },
      disconnectRouteOptions: { integration: sockets },
      defaultRouteOptions: { integration: new WebSocketMockIntegration('DefaultIntegration') },
    });
    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: ROTATION_WS_STAGE,
      autoDeploy: true,
      throttle: { rateLimit: config.apiRateLimit, burstLimit: config.apiBurstLimit },
    });

    this.broadcastFunction = handlerFunction(this, 'Broadcast', {
      handler: 'rotation-broadcast',
      description: "Posts each rotation board write to the session's WebSockets; closes sockets whose right ended",
      environment: { TABLE_NAME: table.tableName, ROTATION_WS_ENDPOINT: this.stage.callbackUrl },
      timeout: Duration.seconds(30),
    });
    table.grant(this.broadcastFunction, ...TABLE_ACCESS.rotationBroadcast);
    // PostToConnection and DeleteConnection (`execute-api:ManageConnections` on the stage's @connections).
    this.stage.grantManagementApiAccess(this.broadcastFunction);
    this.broadcastFunction.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: StartingPosition.LATEST,
        batchSize: 25,
        bisectBatchOnError: true,
        // A board is stale within a minute and the next write carries the whole board: a
        // batch that keeps failing is dropped (views that missed it poll when their socket drops;
        // a revocation missed is caught by the 10-minute recheck before the next post).
        retryAttempts: 2,
        maxRecordAge: Duration.seconds(60),
        reportBatchItemFailures: true,
        filters: ROTATION_LIVE_FILTERS.map((filter) => ({ pattern: JSON.stringify(filter) })),
      }),
    );
  }

  /**
   * `/ws/*` on the apps' distribution to the WebSocket API: the same `wss://<domain>/ws/rotation`
   * as `npm start`, behind the WAF, with the origin header the `$connect` function checks, and
   * the apps' security headers on a refused handshake.
   */
  addToDistribution(
    distribution: Distribution,
    originSecretValue: string,
    responseHeadersPolicy: IResponseHeadersPolicy,
  ): void {
    distribution.addBehavior(
      '/ws/*',
      new HttpOrigin(Fn.select(2, Fn.split('/', this.api.apiEndpoint)), {
        protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
        customHeaders: { [ORIGIN_SECRET_HEADER]: originSecretValue },
      }),
      {
        viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: CachePolicy.CACHING_DISABLED,
        // The WebSocket handshake headers and the query (sessionId, token) reach API Gateway.
        originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        responseHeadersPolicy,
        functionAssociations: [
          {
            eventType: FunctionEventType.VIEWER_REQUEST,
            function: new EdgeFunction(this, 'WsRewrite', {
              code: FunctionCode.fromInline(WS_REWRITE),
              runtime: FunctionRuntime.JS_2_0,
            }),
          },
        ],
      },
    );
  }

  get functions(): NodejsFunction[] {
    return [this.socketFunction, this.broadcastFunction];
  }
}
