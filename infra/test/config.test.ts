import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildStage } from '../lib/app.ts';
import { repoRoot } from '../lib/bundling.ts';
import {
  ALLOW_PLACEHOLDERS_KEY,
  CONFIG_FILE_KEY,
  miniAppEnvironment,
  parseStageConfig,
  readConfig,
} from '../lib/config.ts';
import { fakeBuilds, STAGE, testApp, writeStageFile } from './fixtures.ts';

const readWith = (configFile?: string) =>
  readConfig(testApp({ context: configFile ? { [CONFIG_FILE_KEY]: configFile } : {} }).node);

describe('stage file', () => {
  it('is read from -c configFile=PATH, with defaults and the SES identity from the sender', () => {
    const config = readWith(writeStageFile(STAGE));
    expect(config).toMatchObject({
      stageName: 'prod',
      domainName: 'shuttle.badminton.tw',
      alarmEmail: 'ops@badminton.tw',
      sesIdentity: 'badminton.tw',
      reminderRateMinutes: 15,
    });
  });

  it('leaves LINE MINI App mode off unless the stage says miniApp: true, and then names the mode and its secret', () => {
    const off = readWith(writeStageFile(STAGE));
    expect(off.miniApp).toBe(false);
    // Off: no function's environment changes.
    expect(miniAppEnvironment(off, true)).toEqual({});
    const on = parseStageConfig({ ...STAGE, miniApp: true });
    expect(miniAppEnvironment(on, true)).toEqual({
      SHUTTLE_MINI_APP: 'on',
      MINI_APP_SECRET_ARN: 'shuttle/prod/mini-app',
    });
    expect(miniAppEnvironment(on, false)).toEqual({ SHUTTLE_MINI_APP: 'on' });
    expect(() => parseStageConfig({ ...STAGE, miniApp: 'yes' })).toThrow(/miniApp/);
  });

  it('is required, and the message says how to pass it', () => {
    expect(() => readWith()).toThrow(/-c configFile=PATH[\s\S]*infra\/stages\/example\.json/);
    expect(() => readWith('/nonexistent/stage.json')).toThrow(/Stage file not found: \/nonexistent\/stage\.json/);
    expect(() => readWith(writeStageFile('{ not json'))).toThrow(/is not JSON/);
  });

  it('names every malformed or missing field', () => {
    const { alarmEmail: _, ...noAlarm } = STAGE;
    expect(() => parseStageConfig({ ...noAlarm, lineLoginChannelId: 'abc', emailFrom: 'nope' })).toThrow(
      /lineLoginChannelId[\s\S]*emailFrom[\s\S]*alarmEmail/,
    );
    expect(() =>
      parseStageConfig({ ...STAGE, certificateArn: STAGE.certificateArn.replace('us-east-1', 'ap-northeast-1') }),
    ).toThrow(/certificateArn: an ACM certificate ARN in us-east-1/);
    expect(() => parseStageConfig({ ...STAGE, stageName: 'Prod Stage' })).toThrow(/stageName/);
  });

  it('refuses the placeholder ids of the example stage, naming them', () => {
    const placeholder = {
      ...STAGE,
      lineLoginChannelId: '1650000000',
      liffId: '1650000000-Shuttle0',
      googleClientId: 'shuttle-placeholder.apps.googleusercontent.com',
    };
    expect(() => parseStageConfig(placeholder)).toThrow(
      /placeholder values[\s\S]*lineLoginChannelId: 1650000000[\s\S]*liffId: 1650000000-Shuttle0[\s\S]*googleClientId: shuttle-placeholder/,
    );
    expect(() =>
      parseStageConfig({ ...STAGE, googleClientId: 'shuttle-placeholder.apps.googleusercontent.com' }),
    ).toThrow(/placeholder/);
  });

  it('refuses unknown keys, naming them (a typo is not dropped silently)', () => {
    expect(() => parseStageConfig({ ...STAGE, wafApiLimt: 3000 })).toThrow(/wafApiLimt: unknown key/);
  });

  it('refuses placeholder accounts, documentation domains and addresses, naming each', () => {
    for (const account of ['000000000000', '123456789012', '111111111111']) {
      expect(() => parseStageConfig({ ...STAGE, account })).toThrow(new RegExp(`account: ${account}`));
    }
    expect(() =>
      parseStageConfig({ ...STAGE, certificateArn: STAGE.certificateArn.replace('493817265014', '000000000000') }),
    ).toThrow(/placeholder values[\s\S]*certificateArn/);
    expect(() => parseStageConfig({ ...STAGE, domainName: 'shuttle.example.org' })).toThrow(/domainName/);
    expect(() => parseStageConfig({ ...STAGE, emailFrom: 'no-reply@example.tw' })).toThrow(/emailFrom/);
    expect(() => parseStageConfig({ ...STAGE, alarmEmail: 'ops@example.com' })).toThrow(/alarmEmail/);
    expect(() => parseStageConfig({ ...STAGE, sesIdentity: 'mail.example.net' })).toThrow(/sesIdentity/);
  });

  it('refuses regions that do not exist', () => {
    expect(() => parseStageConfig({ ...STAGE, region: 'xx-foo-1' })).toThrow(/region: an AWS region/);
    expect(parseStageConfig({ ...STAGE, region: 'ap-east-2' }).region).toBe('ap-east-2');
  });

  it('takes an account, and refuses a certificate of another account', () => {
    expect(parseStageConfig({ ...STAGE, account: '493817265014' }).account).toBe('493817265014');
    expect(() => parseStageConfig({ ...STAGE, account: '493817265099' })).toThrow(
      /certificateArn: belongs to account 493817265014, not to account 493817265099/,
    );
  });

  it('takes a restored table only with its stream', () => {
    const stream = 'arn:aws:dynamodb:ap-northeast-1:493817265014:table/restored/stream/2026-06-12T03:04:05.678';
    expect(parseStageConfig({ ...STAGE, tableName: 'restored', tableStreamArn: stream }).tableName).toBe('restored');
    expect(() => parseStageConfig({ ...STAGE, tableName: 'restored' })).toThrow(/tableName: needs tableStreamArn/);
    expect(() => parseStageConfig({ ...STAGE, tableName: 'other', tableStreamArn: stream })).toThrow(
      /tableStreamArn: is not a stream of table other/,
    );
  });

  it('takes the LINE official account id the admin LINE page shows (optional), refusing one without its @', () => {
    expect(parseStageConfig(STAGE).lineOfficialAccountId).toBeUndefined();
    expect(parseStageConfig({ ...STAGE, lineOfficialAccountId: '@123abcde' }).lineOfficialAccountId).toBe('@123abcde');
    expect(() => parseStageConfig({ ...STAGE, lineOfficialAccountId: '123abcde' })).toThrow(
      /lineOfficialAccountId: a LINE official account id like @123abcde/,
    );
  });

  it('refuses a LIFF id of another channel', () => {
    expect(() => parseStageConfig({ ...STAGE, liffId: '2009999999-AbCdEfGh' })).toThrow(/liffId: must belong/);
  });

  it('ships an example stage that the synth refuses until it is filled in', () => {
    const example = join(repoRoot, 'infra/stages/example.json');
    expect(existsSync(example)).toBe(true);
    expect(() => readWith(example)).toThrow(/placeholder values/);
    // Offline, on purpose only: the schema still applies (infra/test/runbook.test.ts synthesises it).
    const app = testApp({ context: { [CONFIG_FILE_KEY]: example, [ALLOW_PLACEHOLDERS_KEY]: 'true' } });
    expect(readConfig(app.node).domainName).toBe('shuttle.example.com');
  });
});

describe('app build', () => {
  it('is required: a synth without the built apps fails saying what to run', () => {
    const builds = fakeBuilds();
    const app = testApp({ context: { 'aws:cdk:bundling-stacks': [] } });
    expect(() =>
      buildStage(app, parseStageConfig(STAGE), { builds: { ...builds, admin: join(builds.admin, 'missing') } }),
    ).toThrow(/The admin app is not built[\s\S]*run `npm run build` first/);
  });
});
