import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, type AppProps, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { scratchDir } from '../../tests/support/scratch.ts';
import { buildStage } from '../lib/app.ts';
import { parseStageConfig } from '../lib/config.ts';
import type { AppBuilds } from '../lib/constructs/web.ts';

/** A complete stage file with real-looking (not placeholder) values. */
export const STAGE = {
  stageName: 'prod',
  region: 'ap-northeast-1',
  domainName: 'shuttle.badminton.tw',
  certificateArn: 'arn:aws:acm:us-east-1:493817265014:certificate/11111111-2222-3333-4444-555555555555',
  lineLoginChannelId: '2001234567',
  liffId: '2001234567-AbCdEfGh',
  googleClientId: '1234-abc.apps.googleusercontent.com',
  emailFrom: 'no-reply@badminton.tw',
  alarmEmail: 'ops@badminton.tw',
};

/** A stand-in app build: an index.html and one hashed asset, in a temporary folder. */
export function fakeBuilds(): AppBuilds {
  const root = scratchDir('builds-');
  const app = (name: string) => {
    const dist = join(root, name);
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><script type="module" src="/assets/index-abc123.js"></script>',
    );
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    return dist;
  };
  return { member: app('member'), admin: app('admin') };
}

/** A CDK app whose cloud assembly goes to a folder of the run (`scratchDir`), not the system's temporary folder. */
export function testApp(props: AppProps = {}): App {
  return new App({ outdir: scratchDir('cdk.out-'), ...props });
}

type SynthesisedStage = { app: App; edge: Stack; main: Stack; template: Template; edgeTemplate: Template };

/**
 * The synths on stand-in builds, by stage and context: the files of a worker share their modules
 * (vitest.config.ts), so the files that read the same stage (the default one in five files) share
 * one synth of it, a few seconds of CPU each. The tests only read what a synth answers.
 */
const synthesised = new Map<string, SynthesisedStage>();

/**
 * Both stacks of a stage, synthesised with cdk-nag's AwsSolutions checks (a finding without an
 * acknowledgement throws here). An empty bundling-stacks list skips esbuild: same template.
 */
export function synthStage(
  stage: Record<string, unknown> = STAGE,
  builds?: AppBuilds,
  context: Record<string, unknown> = {},
): SynthesisedStage {
  const key = builds ? undefined : JSON.stringify([stage, context]);
  const known = key === undefined ? undefined : synthesised.get(key);
  if (known) return known;
  const app = testApp({ context: { 'aws:cdk:bundling-stacks': [], ...context } });
  const { edge, main } = buildStage(app, parseStageConfig(stage), { builds: builds ?? fakeBuilds() });
  app.synth();
  const result = { app, edge, main, template: Template.fromStack(main), edgeTemplate: Template.fromStack(edge) };
  if (key !== undefined) synthesised.set(key, result);
  return result;
}

/** The app stack's template of an app synthesised by `synthStage`. */
synthStage.templateOf = (app: App): Template =>
  Template.fromStack(app.node.children.find((c) => c.node.id.startsWith('Shuttle-')) as never);

export function writeStageFile(content: unknown): string {
  const dir = scratchDir('stage-');
  const file = join(dir, 'stage.json');
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

type CfnResource = { Type: string; Properties: Record<string, unknown> };

/**
 * The REST APIs' routes of a template: `ANY /api/{proxy+}` → the logical id of the function its
 * Lambda proxy integration invokes and of its REST API (resources walked up to the API's root).
 */
export function restRoutes(template: Template): Record<string, { fn: string; api: string; type: string }> {
  const resources = template.toJSON().Resources as Record<string, CfnResource>;
  const pathOf = (ref: unknown): string => {
    const id = (ref as { Ref?: string }).Ref;
    if (!id) return ''; // { 'Fn::GetAtt': [api, 'RootResourceId'] }
    const r = resources[id]!.Properties;
    return `${pathOf(r.ParentId)}/${String(r.PathPart)}`;
  };
  const routes: Record<string, { fn: string; api: string; type: string }> = {};
  for (const method of Object.values(resources).filter((r) => r.Type === 'AWS::ApiGateway::Method')) {
    const p = method.Properties;
    const integration = p.Integration as { Type: string; Uri: unknown };
    const uri = JSON.stringify(integration.Uri);
    const fn = Object.keys(resources).find(
      (id) => resources[id]!.Type === 'AWS::Lambda::Function' && uri.includes(`"${id}"`),
    )!;
    routes[`${String(p.HttpMethod)} ${pathOf(p.ResourceId)}`] = {
      fn,
      api: (p.RestApiId as { Ref: string }).Ref,
      type: integration.Type,
    };
  }
  return routes;
}
