import { adminRoutes, memberRoutes, type RouteContract } from '@shuttle/shared';
import { describe, expect, it } from 'vitest';
import { stringFields } from './schema-walk.ts';

/**
 * Every field of a request that is a name (of a person, team, venue, court, pass, session or
 * cost) refuses a text that shows nothing (docs/PRIVACY.md, "Names"): found by the field's name,
 * so a new name field is covered without a new test.
 */

const NAME_FIELD = /(^|_)name$|Name$|^nickname$|^title$|^venue$|^label$|^courts\[\]$/;
/** Fields named like names that are not names: what they hold is only looked for. */
const SEARCHES = new Set(['checkState/sessionList/getSessionList teamName', 'withoutAuth/getSessionList teamName']);

const INVISIBLE = [
  '\u200b',
  '\u200b\u3164',
  '\u3164',
  '\u115f\u1160',
  '\uffa0',
  '\u2800',
  '\ufe0f',
  '\u{e0041}\u{e007f}',
];

function nameFields(routes: Record<string, RouteContract>) {
  return Object.entries(routes).flatMap(([path, contract]) =>
    contract.request
      ? stringFields(contract.request, '')
          .filter(({ at }) => NAME_FIELD.test(at.split('.').at(-1) ?? ''))
          .map(({ at, field }) => ({ at: `${path} ${at.slice(1)}`, field }))
          .filter(({ at }) => !SEARCHES.has(at))
      : [],
  );
}

describe('name fields', () => {
  const fields = [...nameFields(memberRoutes), ...nameFields(adminRoutes)];

  it('are found in both route tables', () => {
    const names = fields.map((f) => f.at);
    expect(names).toEqual(
      expect.arrayContaining([
        'checkState/setting/nickname nickname',
        'signup displayName',
        'setting/createTeam team_name',
        'setting/createTeam default_place_name',
        'setting/updateDefault team_name',
        'setting/saveVenue name',
        'setting/saveVenue courts[]',
        'createSession/createSession venue',
        'createSession/createSession title',
        'courtSession/updateVenue venue',
        'signed/addWalkIn name',
        'passes/sell name',
        'settlement/update otherCosts[].label',
      ]),
    );
  });

  it.each(INVISIBLE.map((text) => [JSON.stringify(text), text]))('refuse %s in every one', (_, text) => {
    const accepting = fields.filter(({ field }) => field.safeParse(text).success).map((f) => f.at);
    expect(accepting).toEqual([]);
  });

  it('keep a visible name without its invisible ends', () => {
    const changed = fields.flatMap(({ at, field }) => {
      const parsed = field.safeParse('\u200b小明\u3164');
      return parsed.success && parsed.data === '小明' ? [] : [`${at}: ${JSON.stringify(parsed.data ?? parsed.error)}`];
    });
    expect(changed).toEqual([]);
  });
});
