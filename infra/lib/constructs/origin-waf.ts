import { ORIGIN_SECRET_HEADER, UNTRUSTED_ORIGIN_FAILURE } from '@shuttle/functions/platform/origin-guard.ts';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import type { ShuttleConfig } from '../config.ts';

export interface OriginWafProps {
  config: ShuttleConfig;
  /** The REST APIs whose stages it guards (constructs/api.ts). */
  apis: RestApi[];
  /**
   * The `x-origin-verify` values let through: the origin secret's `current`, and during the
   * rotation command's deploy its `previous` too (`Api.acceptedOriginValues`).
   */
  acceptedValues: string[];
}

/** Key of the 403 body in the web ACL's custom response bodies. */
const FORBIDDEN_BODY = 'untrusted-origin';

/**
 * The APIs' own WAF (scope REGIONAL, on both REST API stages): everything is blocked with the
 * functions' 403 failure envelope (platform/origin-guard.ts; a WAF body is fixed, so it has no
 * `timestamp`) unless `x-origin-verify` equals the value CloudFront sends. WAF runs before API
 * Gateway's throttle, so a direct flood on the execute-api URL reaches neither the stage throttle
 * nor a function (docs/DEPLOY.md, "Edge protection"); the functions' own origin check stays.
 */
export class OriginWaf extends Construct {
  readonly webAcl: CfnWebACL;
  /** The `WebACL` dimension of its CloudWatch metrics. */
  readonly webAclName: string;

  constructor(scope: Construct, id: string, props: OriginWafProps) {
    super(scope, id);
    this.webAclName = `shuttle-${props.config.stageName}-origin`;
    const visibility = (metricName: string) => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName,
    });
    const headerIs = (value: string): CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        fieldToMatch: { singleHeader: { Name: ORIGIN_SECRET_HEADER } },
        positionalConstraint: 'EXACTLY',
        searchString: value,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    });
    const [first, ...more] = props.acceptedValues.map(headerIs);
    if (!first) throw new Error('The origin WAF needs at least one accepted value');

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: this.webAclName,
      description: 'Shuttle APIs: only requests that carry the CloudFront origin header',
      scope: 'REGIONAL',
      defaultAction: {
        block: { customResponse: { responseCode: 403, customResponseBodyKey: FORBIDDEN_BODY } },
      },
      customResponseBodies: {
        [FORBIDDEN_BODY]: { contentType: 'APPLICATION_JSON', content: JSON.stringify(UNTRUSTED_ORIGIN_FAILURE) },
      },
      visibilityConfig: visibility(this.webAclName),
      rules: [
        {
          name: 'FromCloudFront',
          priority: 0,
          action: { allow: {} },
          statement: more.length === 0 ? first : { orStatement: { statements: [first, ...more] } },
          visibilityConfig: visibility('FromCloudFront'),
        },
      ],
    });
    for (const api of props.apis) {
      new CfnWebACLAssociation(this, `${api.node.id}Association`, {
        resourceArn: api.deploymentStage.stageArn,
        webAclArn: this.webAcl.attrArn,
      });
    }
  }
}
