import { DEFAULT_NO_SHOW_RULE, type NoShowRule } from '@shuttle/shared';
import type { Store } from '#db/client.ts';
import { readTeamStrongly, writeNoShowRule } from './repository.ts';

/**
 * The team's no-show rule (`noShowLimit`, `noShowWindowDays`, `noShowPenaltyDays`,
 * `lateCancelCountsHalf`): attributes of the team item, unset ones at their defaults (off).
 * docs/MONEY.md, "No-show rule".
 */
export class NoShowSettings {
  constructor(private readonly store: Store) {}

  /** The rule and the team's cancel window (late cancellations are those inside it). */
  async get(teamId: string): Promise<NoShowRule & { cancelWindowMinutes: number }> {
    const team = await readTeamStrongly(this.store, teamId);
    return {
      noShowLimit: team.noShowLimit ?? DEFAULT_NO_SHOW_RULE.noShowLimit,
      noShowWindowDays: team.noShowWindowDays ?? DEFAULT_NO_SHOW_RULE.noShowWindowDays,
      noShowPenaltyDays: team.noShowPenaltyDays ?? DEFAULT_NO_SHOW_RULE.noShowPenaltyDays,
      lateCancelCountsHalf: team.lateCancelCountsHalf ?? DEFAULT_NO_SHOW_RULE.lateCancelCountsHalf,
      cancelWindowMinutes: team.cancelWindowMinutes ?? 0,
    };
  }

  async update(teamId: string, rule: NoShowRule): Promise<NoShowRule> {
    await writeNoShowRule(this.store, teamId, rule);
    return rule;
  }
}
