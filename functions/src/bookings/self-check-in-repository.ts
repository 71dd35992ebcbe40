import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { SELF_CHECK_IN_LEAD_MINUTES } from '@shuttle/shared';
import type { Store } from '#db/client.ts';
import { type SelfCheckInRecord, selfCheckInCodec } from '#db/codecs/sessions.ts';
import { key, ttlAt } from '#db/keys.ts';
import { isConditionFailure } from '#db/transaction.ts';
import type { Clock } from '#platform/clock.ts';
import type { SessionRecord } from '#sessions/model.ts';

/** Self check-in opens this long before a session's start and closes at its end. */
const SELF_CHECK_IN_LEAD_MS = SELF_CHECK_IN_LEAD_MINUTES * 60_000;
/** The code item outlives its session's end by this much (TTL), then goes. */
const KEEP_AFTER_END_SECONDS = 2 * 86_400;

export interface SelfCheckInCode {
  sessionId: string;
  code: string;
  opensAt: string;
  closesAt: string;
}

type CodeItem = Omit<SelfCheckInRecord, 'type' | 'ttl'>;

/** When players may check themselves in: from 1 h before the start until the end. */
export function selfCheckInWindow(session: Pick<SessionRecord, 'startsAt' | 'endsAt'>) {
  return {
    opensAt: new Date(Date.parse(session.startsAt) - SELF_CHECK_IN_LEAD_MS).toISOString(),
    closesAt: session.endsAt,
  };
}

export function selfCheckInOpen(session: Pick<SessionRecord, 'startsAt' | 'endsAt'>, now: Date): boolean {
  const { opensAt, closesAt } = selfCheckInWindow(session);
  return now.toISOString() >= opensAt && now.toISOString() <= closesAt;
}

/** 128 random bits, base64url: 22 characters, small enough for a QR a phone reads across a hall. */
const newCode = () => randomBytes(16).toString('base64url');

/** Compares in constant time (by digest, so lengths never leak either). */
function sameCode(a: string, b: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/**
 * The per-session secret of self check-in (docs/ON-COURT.md, "Self check-in"; TABLE.md, "At the
 * door"): one item `SESSION#<id>` / `SELFCHECKIN` holding the code the venue's QR carries. Only
 * the team's admins read it (`signed/getSelfCheckIn`); a new code (`signed/rotateSelfCheckIn`)
 * replaces it, and the old QR stops working at once. Players only ever send it.
 */
export class SelfCheckInRepository {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  private async get(sessionId: string): Promise<CodeItem | null> {
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.store.tableName, Key: key.selfCheckIn(sessionId), ConsistentRead: true }),
    );
    return selfCheckInCodec.decodeOrNull(Item);
  }

  private async put(session: SessionRecord, onlyIfAbsent: boolean): Promise<CodeItem | null> {
    const now = this.clock.now();
    const end = Math.max(Date.parse(session.endsAt), now.getTime());
    const item: CodeItem = {
      sessionId: session.id,
      teamId: session.teamId,
      code: newCode(),
      createdAt: now.toISOString(),
    };
    try {
      await this.store.doc.send(
        new PutCommand({
          TableName: this.store.tableName,
          Item: selfCheckInCodec.encode({
            type: 'selfCheckIn',
            ...item,
            ttl: ttlAt(new Date(end), KEEP_AFTER_END_SECONDS),
          }),
          ...(onlyIfAbsent ? { ConditionExpression: 'attribute_not_exists(PK)' } : {}),
        }),
      );
      return item;
    } catch (error) {
      if (onlyIfAbsent && isConditionFailure(error)) return null;
      throw error;
    }
  }

  private answer(session: SessionRecord, item: CodeItem): SelfCheckInCode {
    return { sessionId: session.id, code: item.code, ...selfCheckInWindow(session) };
  }

  /** The session's code, made on first use (two admins at once get the same one). */
  async current(session: SessionRecord): Promise<SelfCheckInCode> {
    const item = (await this.get(session.id)) ?? (await this.put(session, true)) ?? (await this.get(session.id));
    if (!item) throw new Error(`Self check-in code of ${session.id} vanished while it was made`);
    return this.answer(session, item);
  }

  /** A new code; the previous one no longer checks anyone in. */
  async rotate(session: SessionRecord): Promise<SelfCheckInCode> {
    const item = await this.put(session, false);
    return this.answer(session, item!);
  }

  /** Whether `code` is the session's current code (none made yet: nothing matches). */
  async matches(sessionId: string, code: string): Promise<boolean> {
    const item = await this.get(sessionId);
    return item !== null && sameCode(item.code, code);
  }
}
