import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Annotations, Fn, RemovalPolicy } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as EdgeFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { ShuttleConfig } from '../config.ts';

const repoRoot = resolve(import.meta.dirname, '../../..');

/** Client-side routes of both apps fall back to their index.html; files and the APIs are untouched. */
const SPA_REWRITE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var isFile = /\\.[A-Za-z0-9]+$/.test(uri);
  if (uri === '/admin' || (uri.indexOf('/admin/') === 0 && !isFile)) request.uri = '/admin/index.html';
  else if (!isFile) request.uri = '/index.html';
  return request;
}`;

export interface WebProps {
  memberApi: HttpApi;
  adminApi: HttpApi;
  config: ShuttleConfig;
}

/**
 * One origin for the product: the member app at `/`, the admin app at `/admin/`, the APIs at
 * `/api/*` and `/api/admin/*`, and `/app-config.json`, the runtime configuration of the apps.
 */
export class Web extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  /** https://<distribution domain>, the app base URL for links in pushes and emails. */
  readonly url: string;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Assets', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const apiBehavior = (api: HttpApi) => ({
      origin: new HttpOrigin(Fn.select(2, Fn.split('/', api.apiEndpoint)), {
        protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      }),
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    });
    const assets = S3BucketOrigin.withOriginAccessControl(this.bucket);

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Shuttle member app, admin app and APIs',
      httpVersion: HttpVersion.HTTP2_AND_3,
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: assets,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
        compress: true,
        functionAssociations: [
          {
            eventType: FunctionEventType.VIEWER_REQUEST,
            function: new EdgeFunction(this, 'SpaRewrite', {
              code: FunctionCode.fromInline(SPA_REWRITE),
              runtime: FunctionRuntime.JS_2_0,
            }),
          },
        ],
      },
      additionalBehaviors: {
        // Most specific first: CloudFront matches behaviors in this order.
        '/api/admin/*': apiBehavior(props.adminApi),
        '/api/*': apiBehavior(props.memberApi),
        '/app-config.json': {
          origin: assets,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_DISABLED,
        },
      },
    });
    this.url = `https://${this.distribution.distributionDomainName}`;

    const { config } = props;
    new BucketDeployment(this, 'RuntimeConfig', {
      destinationBucket: this.bucket,
      sources: [
        Source.jsonData('app-config.json', {
          apiBase: '/api',
          liffId: config.liffId,
          liffMock: false,
          googleClientId: config.googleClientId,
          devLogin: false,
        }),
      ],
      prune: false,
    });
    this.deployApp('MemberApp', 'liff-app', '', ['admin/*', 'app-config.json']);
    this.deployApp('AdminApp', 'admin-app', 'admin/', []);
  }

  /** Uploads a built app when its dist/ exists; synth still works (with a warning) before a build. */
  private deployApp(id: string, workspace: string, prefix: string, exclude: string[]): void {
    const dist = join(repoRoot, workspace, 'dist');
    if (!existsSync(join(dist, 'index.html'))) {
      Annotations.of(this).addWarningV2(
        `shuttle:${id}NotBuilt`,
        `${workspace}/dist is missing: run \`npm run build\` before deploying, or the app will not be uploaded`,
      );
      return;
    }
    new BucketDeployment(this, id, {
      destinationBucket: this.bucket,
      destinationKeyPrefix: prefix || undefined,
      sources: [Source.asset(dist)],
      exclude,
      distribution: this.distribution,
      distributionPaths: [`/${prefix}*`],
      memoryLimit: 512,
    });
  }
}
