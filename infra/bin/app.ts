import { App } from 'aws-cdk-lib';
import { buildStage } from '../lib/app.ts';
import { readConfig } from '../lib/config.ts';

/** `cdk synth|deploy -c configFile=PATH`: one stage, described by its stage file (docs/DEPLOY.md). */
const app = new App();
buildStage(app, readConfig(app.node));
