import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildStage } from '../lib/app.ts';
import { repoRoot } from '../lib/bundling.ts';
import { ALLOW_PLACEHOLDERS_KEY, CONFIG_FILE_KEY, readConfig } from '../lib/config.ts';
import { fakeBuilds, STAGE, testApp, writeStageFile } from './fixtures.ts';

/**
 * docs/DEPLOY.md, run as far as it goes without AWS: every command it shows exists, the offline
 * ones run (the example synth, the deploy, restore and rotation scripts' dry runs, the bootstrap
 * template), so the runbook cannot rot.
 */
const runbook = readFileSync(join(repoRoot, 'docs/DEPLOY.md'), 'utf8');
const commands = [...runbook.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap(([, block]) =>
  block!
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter(Boolean),
);
const example = join(repoRoot, 'infra/stages/example.json');
const script = (file: string, args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, file), ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 60_000,
  });

describe('docs/DEPLOY.md', () => {
  it('installs before it bootstraps, and bootstraps from the repo with the stage file', () => {
    const install = commands.findIndex((c) => c === 'npm ci');
    const bootstrap = commands.findIndex((c) => c.startsWith('npx cdk bootstrap'));
    expect(install).toBeGreaterThanOrEqual(0);
    expect(bootstrap).toBeGreaterThan(install);
    expect(commands[bootstrap]).toContain('-c configFile=');
    expect(commands.join('\n')).not.toMatch(/aws:\/\/ACCOUNT/);
  });

  it('shows only npm scripts that exist, scripts that exist, and cdk commands with a stage file', () => {
    const scripts = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: object }).scripts;
    const workspaceScripts = (
      JSON.parse(readFileSync(join(repoRoot, 'infra/package.json'), 'utf8')) as {
        scripts: object;
      }
    ).scripts;
    for (const command of commands) {
      const npmRun = /^npm run ([\w:-]+)( -w infra)?/.exec(command);
      if (npmRun) expect(Object.keys(npmRun[2] ? workspaceScripts : scripts), command).toContain(npmRun[1]);
      for (const [, file] of command.matchAll(/node --import tsx (\S+\.ts)/g)) {
        expect(existsSync(join(repoRoot, file!)), command).toBe(true);
      }
      if (/^npx cdk (synth|deploy|diff|bootstrap)/.test(command) && !command.includes('--show-template')) {
        expect(command, command).toMatch(/-c configFile=\S+/);
      }
    }
  });

  it('synthesises the example stage offline (strict, with -c allowPlaceholders=true), and refuses it otherwise', () => {
    expect(commands).toContain('npx cdk synth -c configFile=infra/stages/example.json -c allowPlaceholders=true');
    const app = testApp({
      context: { [CONFIG_FILE_KEY]: example, [ALLOW_PLACEHOLDERS_KEY]: 'true', 'aws:cdk:bundling-stacks': [] },
    });
    const { main, edge } = buildStage(app, readConfig(app.node), { builds: fakeBuilds() });
    app.synth();
    expect([main.stackName, edge.stackName]).toEqual(['Shuttle-prod', 'ShuttleEdge-prod']);
    expect(() => readConfig(testApp({ context: { [CONFIG_FILE_KEY]: example } }).node)).toThrow(/placeholder/);
  }, 60_000);

  it('deploy script: checks the stage file first, then builds and deploys both stacks (dry run)', () => {
    const file = writeStageFile(STAGE);
    const ok = script('infra/bin/deploy.ts', ['--config', file, '--dry-run', '--require-approval', 'never']);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain('Shuttle-prod in ap-northeast-1, ShuttleEdge-prod in us-east-1');
    expect(ok.stdout).toContain('> npm run build');
    expect(ok.stdout).toContain(`> npx cdk deploy --all -c configFile=${file} --require-approval never`);
    const refused = script('infra/bin/deploy.ts', ['--config', example, '--dry-run']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/placeholder values[\s\S]*domainName: shuttle\.example\.com/);
    expect(refused.stdout).not.toContain('npm run build');
    const forced = script('infra/bin/deploy.ts', ['--config', file, '-c', 'allowPlaceholders=true', '--dry-run']);
    expect(forced.status).toBe(2);
  }, 60_000);

  it('restore and rotation scripts: dry runs list every AWS call and change nothing', () => {
    const file = writeStageFile(STAGE);
    const before = readFileSync(file, 'utf8');
    const restore = script('infra/bin/restore.ts', ['--config', file, '--table', 'shuttle-restored', '--dry-run']);
    expect(restore.status, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(/UpdateTable .*"StreamViewType":"NEW_AND_OLD_IMAGES"/);
    expect(restore.stdout).toMatch(/UpdateTable .*"DeletionProtectionEnabled":true/);
    expect(restore.stdout).toMatch(/UpdateTimeToLive .*"AttributeName":"ttl"/);
    expect(restore.stdout).toMatch(/UpdateContinuousBackups .*"PointInTimeRecoveryEnabled":true/);
    const rotate = script('infra/bin/rotate-origin-secret.ts', ['--config', file, '--dry-run']);
    expect(rotate.status, rotate.stderr).toBe(0);
    expect(rotate.stdout).toMatch(/shuttle\/prod\/origin-verify := \{"current": <new>, "previous": <old>\}/);
    expect(rotate.stdout).toMatch(/originSecretVersion=<version>/);
    // The last deploy, unpinned, leaves only the new value passing the APIs' WAF.
    expect(rotate.stdout).toMatch(/5\. npm run deploy -- --config \S+ {3}\(the WAF lets <new> only\)/);
    expect(readFileSync(file, 'utf8')).toBe(before);
    for (const name of ['restore.ts', 'rotate-origin-secret.ts']) {
      expect(commands.some((c) => c.includes(`infra/bin/${name}`))).toBe(true);
    }
  }, 60_000);

  it('the npm scripts run on Node 24, the Lambda runtime, and CI refuses to run the suite on another', () => {
    const ci = readFileSync(join(repoRoot, '.ci/run'), 'utf8');
    const lambda = readFileSync(join(repoRoot, 'infra/lib/constructs/lambda-function.ts'), 'utf8');
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      devDependencies: Record<string, string>;
      engines: { node: string };
    };
    expect(lambda).toMatch(/LAMBDA_RUNTIME = Runtime\.NODEJS_24_X/);
    // The npm registry's Node 24 binary, node_modules/.bin/node, which npm scripts find first on PATH.
    expect(pkg.devDependencies.node).toMatch(/^\^24\./);
    expect(pkg.engines.node).toBe('>=24');
    expect(ci).toMatch(/node_version=\$\(npm exec --no -- node --version\)\n/);
    expect(ci).toMatch(/v24\.\*\) ;;\n\s+\*\) echo "CI must run on Node 24[^\n]*exit 1/);
    // Checked once installed, before anything runs a test.
    expect(ci.indexOf('\nnpm ci ')).toBeLessThan(ci.indexOf('node_version=$(npm exec'));
    expect(ci.indexOf('node_version=$(npm exec')).toBeLessThan(ci.indexOf('\nnpm run lint\n'));
    expect(ci.indexOf('\nnpm ci ')).toBeLessThan(ci.indexOf('\nnpm test\n'));
  });

  it('cdk bootstrap --show-template runs from the repo, offline', () => {
    const shown = spawnSync('npx', ['cdk', 'bootstrap', '--show-template'], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 90_000,
    });
    expect(shown.status, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('CdkBootstrapVersion');
  }, 100_000);
});
