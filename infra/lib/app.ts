import { type App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { ShuttleConfig } from './config.ts';
import { EdgeStack } from './edge-stack.ts';
import { ShuttleStack, type ShuttleStackProps } from './shuttle-stack.ts';

/**
 * The two stacks of a stage: `ShuttleEdge-<stage>` in us-east-1 (the CloudFront web ACL, which
 * AWS only accepts there) and `Shuttle-<stage>` in the app region, which reads the ACL's ARN
 * through a cross-region reference. cdk-nag's AwsSolutions checks run on both. Both are
 * termination-protected: deleting one takes `aws cloudformation update-termination-protection`
 * first (docs/DEPLOY.md, "Stacks").
 */
export function buildStage(app: App, config: ShuttleConfig, options: Pick<ShuttleStackProps, 'builds'> = {}) {
  const account = config.account;
  const edge = new EdgeStack(app, `ShuttleEdge-${config.stageName}`, {
    config,
    env: { account, region: 'us-east-1' },
    crossRegionReferences: true,
    terminationProtection: true,
    description: `Shuttle ${config.stageName}: CloudFront web ACL (us-east-1)`,
  });
  const main = new ShuttleStack(app, `Shuttle-${config.stageName}`, {
    config,
    webAclArn: edge.webAcl.attrArn,
    builds: options.builds,
    env: { account, region: config.region },
    crossRegionReferences: true,
    terminationProtection: true,
    description: `Shuttle ${config.stageName}: LINE LIFF member app, admin app, APIs, notifier`,
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
  return { edge, main };
}
