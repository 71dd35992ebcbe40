import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  contentSecurityPolicy,
  HSTS_MAX_AGE_SECONDS,
  IMMUTABLE_CACHE_CONTROL,
  NO_CACHE_CONTROL,
  ROBOTS_TXT,
  securityHeaders,
} from '@shuttle/functions/platform/security-headers.ts';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  Function as EdgeFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  SSLMethod,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { ShuttleConfig } from '../config.ts';
import { API_STAGE_NAME, Api, ORIGIN_SECRET_HEADER } from './api.ts';

/** Client-side routes of both apps fall back to their index.html; files and the APIs are untouched. */
const SPA_REWRITE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var isFile = /\\.[A-Za-z0-9]+$/.test(uri);
  if (uri === '/admin' || (uri.indexOf('/admin/') === 0 && !isFile)) request.uri = '/admin/index.html';
  else if (!isFile) request.uri = '/index.html';
  return request;
}`;

/** Built apps: `dist/` of each workspace, with `index.html` and hashed `assets/`. */
export interface AppBuilds {
  member: string;
  admin: string;
}

export interface WebProps {
  memberApi: RestApi;
  adminApi: RestApi;
  config: ShuttleConfig;
  builds: AppBuilds;
  /** WAF web ACL (CLOUDFRONT scope, us-east-1). */
  webAclArn: string;
  /** Value of the header CloudFront adds to every API request; the API functions refuse requests without it. */
  originSecret: string;
  /** Receives CloudFront and S3 access logs. */
  logBucket: Bucket;
}

/**
 * One origin for the product on the stage's domain: the member app at `/`, the admin app at
 * `/admin/`, the APIs at `/api/*` and `/api/admin/*`, the LINE webhook at `/webhook/line`,
 * `/app-config.json` (the apps' runtime configuration) and `/robots.txt`. Caching never breaks an open app (docs/DEPLOY.md, "Caching").
 */
export class Web extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  /** https://<domainName>, the base of every link in pushes and emails. */
  readonly url: string;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const { config } = props;
    for (const [name, dist] of Object.entries(props.builds)) assertBuilt(name, dist);

    this.bucket = new Bucket(this, 'Assets', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      // Overwritten files (index.html of an older deploy) stay 30 days, then go.
      versioned: true,
      lifecycleRules: [
        { noncurrentVersionExpiration: Duration.days(30), abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      serverAccessLogsBucket: props.logBucket,
      serverAccessLogsPrefix: 's3-assets/',
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const headers = this.responseHeaders();
    // The REST API's stage is the origin path: `/api/x` reaches the stage's `/api/x`.
    const apiOrigin = (api: RestApi) =>
      new HttpOrigin(Api.originDomain(api), {
        originPath: `/${API_STAGE_NAME}`,
        protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
        customHeaders: { [ORIGIN_SECRET_HEADER]: props.originSecret },
      });
    const memberOrigin = apiOrigin(props.memberApi);
    // No caching; every viewer header (x-line-signature, Authorization), the query and the body go on.
    const apiBehavior = (origin: HttpOrigin) => ({
      origin,
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: headers,
    });
    const assets = S3BucketOrigin.withOriginAccessControl(this.bucket);
    // Honours each object's Cache-Control: a year for hashed assets, revalidation for the rest.
    const objectCaching = new CachePolicy(this, 'ObjectCaching', {
      comment: 'Shuttle: as the object says (Cache-Control), compressed',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.days(365),
      headerBehavior: CacheHeaderBehavior.none(),
      queryStringBehavior: CacheQueryStringBehavior.none(),
      cookieBehavior: CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Shuttle ${config.stageName}: member app, admin app and APIs`,
      domainNames: [config.domainName],
      certificate: Certificate.fromCertificateArn(this, 'Certificate', config.certificateArn),
      minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
      sslSupportMethod: SSLMethod.SNI,
      webAclId: props.webAclArn,
      httpVersion: HttpVersion.HTTP2_AND_3,
      defaultRootObject: 'index.html',
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: assets,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: objectCaching,
        responseHeadersPolicy: headers,
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
        '/api/admin/*': apiBehavior(apiOrigin(props.adminApi)),
        '/api/*': apiBehavior(memberOrigin),
        // LINE's webhook calls (POST, signed): the member API's `/webhook/line` (constructs/api.ts).
        '/webhook/*': apiBehavior(memberOrigin),
        '/app-config.json': {
          origin: assets,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          responseHeadersPolicy: headers,
        },
      },
    });
    this.url = `https://${config.domainName}`;

    // Hashed assets first, then the shells that name them: an open app never misses a file.
    const memberAssets = this.deployAssets('MemberAssets', props.builds.member, '');
    const adminAssets = this.deployAssets('AdminAssets', props.builds.admin, 'admin/');
    const shell = (dist: string) => Source.asset(dist, { exclude: ['assets/**', '.vite/**'] });
    this.deployShell('MemberApp', shell(props.builds.member), '', ['/index.html', '/favicon.svg'], [memberAssets]);
    this.deployShell('AdminApp', shell(props.builds.admin), 'admin/', ['/admin/*'], [adminAssets]);
    this.deployShell(
      'RuntimeConfig',
      Source.jsonData('app-config.json', {
        apiBase: '/api',
        liffId: config.liffId,
        liffMock: false,
        googleClientId: config.googleClientId,
        devLogin: false,
        ...(config.lineOfficialAccountId ? { lineOfficialAccountId: config.lineOfficialAccountId } : {}),
        // LINE MINI App mode (docs/LINE.md): absent when off, so the file is as before.
        ...(config.miniApp ? { miniApp: true } : {}),
      }),
      '',
      ['/app-config.json'],
    );
    this.deployShell('Robots', Source.data('robots.txt', ROBOTS_TXT), '', ['/robots.txt']);
  }

  /** The headers of every response (platform/security-headers.ts, shared with the local server). */
  private responseHeaders(): ResponseHeadersPolicy {
    const all = securityHeaders();
    return new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Shuttle: CSP, HSTS with subdomains, no framing, no sniffing',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(), override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [{ header: 'Permissions-Policy', value: all['permissions-policy']!, override: true }],
      },
    });
  }

  /** `assets/*`: content-hashed names, so cached for a year and never deleted by a deploy (no prune). */
  private deployAssets(id: string, dist: string, prefix: string): BucketDeployment {
    return new BucketDeployment(this, id, {
      destinationBucket: this.bucket,
      destinationKeyPrefix: `${prefix}assets/`,
      sources: [Source.asset(join(dist, 'assets'))],
      cacheControl: [CacheControl.fromString(IMMUTABLE_CACHE_CONTROL)],
      prune: false,
      memoryLimit: 512,
    });
  }

  /** index.html, favicon, runtime configuration: revalidated on every load, and invalidated now. */
  private deployShell(
    id: string,
    source: ReturnType<typeof Source.asset>,
    prefix: string,
    paths: string[],
    after: BucketDeployment[] = [],
  ): void {
    const deployment = new BucketDeployment(this, id, {
      destinationBucket: this.bucket,
      destinationKeyPrefix: prefix || undefined,
      sources: [source],
      cacheControl: [CacheControl.fromString(NO_CACHE_CONTROL)],
      prune: false,
      distribution: this.distribution,
      distributionPaths: paths,
      memoryLimit: 512,
    });
    for (const earlier of after) deployment.node.addDependency(earlier);
  }
}

/** A deploy without a build would upload an empty site: refuse it, saying what to run. */
function assertBuilt(name: string, dist: string): void {
  const where = relative(process.cwd(), dist) || dist;
  if (!existsSync(join(dist, 'index.html')) || !existsSync(join(dist, 'assets'))) {
    throw new Error(
      `The ${name} app is not built (${where}/index.html or ${where}/assets is missing): ` +
        'run `npm run build` first, or deploy with `npm run deploy -- --config PATH`, which builds',
    );
  }
}
