import type { PaymentDetails } from '@shuttle/shared';
import type { Store } from '#db/client.ts';
import { key } from '#db/keys.ts';
import { runTransaction, Transaction, TransactionRefusedError } from '#db/transaction.ts';
import { newTeamAlertItem } from '#outbox/model.ts';
import type { Clock } from '#platform/clock.ts';
import { DomainError } from '#platform/errors.ts';
import type { TeamRepository } from '#teams/repository.ts';

export const EMPTY_PAYMENT_DETAILS: PaymentDetails = {
  bankCode: '',
  accountName: '',
  bankAccount: '',
  linePayUrl: '',
  jkoPayUrl: '',
};

/** Stored details with every field (details saved before 戶名 existed have none). */
const complete = (stored: PaymentDetails | undefined): PaymentDetails => ({ ...EMPTY_PAYMENT_DETAILS, ...stored });

/** Tries of a change whose read details moved before its write, before answering SERVICE_BUSY. */
const CHANGE_TRIES = 3;

const sameDetails = (a: PaymentDetails, b: PaymentDetails) =>
  a.bankCode === b.bankCode &&
  a.accountName === b.accountName &&
  a.bankAccount === b.bankAccount &&
  a.linePayUrl === b.linePayUrl &&
  a.jkoPayUrl === b.jkoPayUrl;

/**
 * Where a team's players pay (docs/ON-COURT.md, "Where to pay"), on the team item
 * (`paymentDetails`). Who may change them is the caller's to check (docs/MONEY.md, "Who changes
 * where players pay"); every change is written with the outbox record that emails the team's
 * owners the old and new details (`paymentDetailsChanged`), in one transaction pinned on the
 * details it read, so no change goes untold and each notice names what it replaced.
 */
export class PaymentDetailsStore {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly ids: () => string,
    private readonly teams: TeamRepository,
  ) {}

  /** Read strongly, so an admin sees their own change; TEAM_NOT_FOUND without the team. */
  async get(teamId: string): Promise<PaymentDetails> {
    return complete((await this.teams.require(teamId)).paymentDetails);
  }

  /** Sets the details; the same details again write nothing and tell nobody. */
  async change(teamId: string, details: PaymentDetails, changedBy: string): Promise<PaymentDetails> {
    for (let attempt = 0; attempt < CHANGE_TRIES; attempt++) {
      const stored = (await this.teams.require(teamId)).paymentDetails;
      const before = complete(stored);
      if (sameDetails(before, details)) return before;
      const tx = new Transaction(this.store.tableName)
        .update('team', {
          Key: key.team(teamId),
          UpdateExpression: 'SET paymentDetails = :after',
          ConditionExpression: stored
            ? 'paymentDetails = :before'
            : 'attribute_exists(PK) AND attribute_not_exists(paymentDetails)',
          ExpressionAttributeValues: { ':after': details, ...(stored ? { ':before': stored } : {}) },
        })
        .put('notice', {
          Item: newTeamAlertItem({
            id: this.ids(),
            kind: 'paymentDetailsChanged',
            teamId,
            now: this.clock.now(),
            details: { before, after: details, changedBy },
          }),
          ConditionExpression: 'attribute_not_exists(PK)',
        });
      try {
        await runTransaction(this.store, tx);
        return details;
      } catch (error) {
        // Another change (or the team's removal) came between the read and the write: read again.
        if (!(error instanceof TransactionRefusedError && error.failed('team'))) throw error;
      }
    }
    throw new DomainError('SERVICE_BUSY');
  }
}
