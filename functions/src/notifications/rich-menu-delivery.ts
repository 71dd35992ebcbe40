import { classifyLineFailure, type LineMessaging } from '#line/client.ts';
import { linkRichMenu } from '#line/rich-menu-link.ts';
import type { LineAccountRecord } from '#outbox/model.ts';
import type { PlayerRepository } from '#players/repository.ts';
import { type AttemptEnd, type DeliveryOutcome, describeError, LINE_NOT_CONFIGURED } from './delivery.ts';

/**
 * Delivers a `richMenuLink` record (docs/LINE.md, "Rich menus"): links the menu of the player's
 * language as it is now (a later change wins even over an older pending record) to their LINE
 * account. Sends no message and counts against no quota. Skipped for players who do not sign
 * in with LINE, blocked the account or are gone, and when `npm run line:setup` made no menu for
 * the language yet; retried on LINE outages like a push.
 */
export async function deliverRichMenuLink(
  deps: {
    users: PlayerRepository;
    line: LineMessaging | null;
    lineRequired?: boolean;
    end: AttemptEnd;
  },
  record: LineAccountRecord,
  claimToken: string,
): Promise<DeliveryOutcome> {
  const { end } = deps;
  const user = await deps.users.get(record.userId);
  if (!user) return end.skipped(record, claimToken, 'user no longer exists');
  if (user.provider !== 'line') return end.skipped(record, claimToken, 'not a LINE user');
  if (user.lineBlockedAt) return end.skipped(record, claimToken, 'the player blocked our LINE account');
  if (!deps.line) {
    if (!deps.lineRequired) return end.skipped(record, claimToken, LINE_NOT_CONFIGURED);
    return end.failed(record, claimToken, `line: ${LINE_NOT_CONFIGURED}`, { done: [], refused: [] });
  }
  try {
    const { richMenuId, language } = await linkRichMenu(deps.line, user.providerSub, user.language);
    await end.finish(record, claimToken, {
      status: 'delivered',
      channels: ['line'],
      note: `${language} ${richMenuId}`,
    });
    return { status: 'delivered', channels: ['line'] };
  } catch (error) {
    if (classifyLineFailure(error) === 'transient') {
      return end.failed(record, claimToken, `line: ${describeError(error)}`, { done: [], refused: [] });
    }
    // No alias for the language (setup not run), an unknown user: the same answer on a retry.
    const note = `line: ${describeError(error)}`;
    await end.finish(record, claimToken, { status: 'failed', channels: [], note });
    return { status: 'failed', attempts: record.attempts ?? 1, error: note };
  }
}
