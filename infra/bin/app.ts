import { App } from 'aws-cdk-lib';
import { readConfig } from '../lib/config.ts';
import { ShuttleStack } from '../lib/shuttle-stack.ts';

const app = new App();
const account = app.node.tryGetContext('account') as string | undefined;
const region = app.node.tryGetContext('region') as string | undefined;
new ShuttleStack(app, 'Shuttle', {
  config: readConfig(app.node),
  description: 'Badminton session booking: LINE LIFF member app, admin app, APIs, notifier',
  // Environment-agnostic unless both are given, so `cdk synth` needs no AWS account.
  ...(account && region ? { env: { account, region } } : {}),
});
