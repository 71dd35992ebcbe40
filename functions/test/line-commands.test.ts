import { describe, expect, it } from 'vitest';
import { actionOf } from '#line/chat.ts';
import { commandOf } from '#line/commands.ts';
import { BIND_CODE_ALPHABET, bindCodeIn } from '#teams/line-binding.ts';

describe('chat commands', () => {
  it('matches the command words trimmed and case-insensitively, and nothing else', () => {
    expect(commandOf({ text: ' 場次 ' })).toBe('sessions');
    expect(commandOf({ text: 'SESSIONS' })).toBe('sessions');
    expect(commandOf({ text: 'Ｍｉｎｅ' })).toBe('mine');
    expect(commandOf({ text: '說明' })).toBe('help');
    expect(commandOf({ text: 'Help' })).toBe('help');
    for (const chatter of ['場次？', 'sessions please', '今晚打球', '', 'helpme'])
      expect(commandOf({ text: chatter })).toBeNull();
  });

  it('answers a mention of the bot with help, or with the command written after it', () => {
    const self = [{ index: 0, length: 8, isSelf: true }];
    expect(commandOf({ text: '@Shuttle', mentionees: self })).toBe('help');
    expect(commandOf({ text: '@Shuttle 今晚有場嗎', mentionees: self })).toBe('help');
    expect(commandOf({ text: '@Shuttle 場次', mentionees: self })).toBe('sessions');
    expect(commandOf({ text: '@Amy hi', mentionees: [{ index: 0, length: 4, isSelf: false }] })).toBeNull();
  });

  it('reads a binding code only in the shape of one', () => {
    expect(BIND_CODE_ALPHABET).toHaveLength(32);
    expect(bindCodeIn(' k7p2qx ')).toBe('K7P2QX');
    for (const text of ['K7P2Q', 'K7P2QXY', 'O0I1LL', 'hello!']) expect(bindCodeIn(text)).toBeNull();
  });

  it('acts on commands anywhere, codes in groups only, and ignores the rest', () => {
    const text = (source: { type: string }, t: string) => ({
      type: 'message',
      source,
      message: { type: 'text', text: t },
    });
    const group = { type: 'group', groupId: 'Cgroup', userId: 'U1' };
    const user = { type: 'user', userId: 'U1' };
    expect(actionOf(text(group, 'K7P2QX'))).toMatchObject({ type: 'bindCode', code: 'K7P2QX' });
    expect(actionOf(text(user, 'K7P2QX'))).toBeNull();
    expect(actionOf(text(user, 'mine'))).toMatchObject({ type: 'command', command: 'mine' });
    expect(actionOf({ type: 'join', source: group })).toMatchObject({ type: 'join' });
    expect(actionOf({ type: 'leave', source: { type: 'group', groupId: 'Cgroup' } })).toMatchObject({ type: 'leave' });
    // Since issue 20 an unfollow marks the player's LINE channel blocked (docs/LINE.md, "Blocked players").
    expect(actionOf({ type: 'unfollow', source: user, timestamp: 5 })).toMatchObject({
      type: 'unfollow',
      at: new Date(5),
    });
    expect(actionOf({ type: 'unfollow', source: group })).toBeNull();
    expect(actionOf({ type: 'memberJoined', source: group })).toBeNull();
  });

  it('acts on card postbacks with exact data from a known LINE user, and ignores the rest', () => {
    const tap = (source: { type: string; userId?: string; groupId?: string }, data: string) => ({
      type: 'postback',
      webhookEventId: '01HEVENT',
      source,
      postback: { data },
    });
    const group = { type: 'group', groupId: 'Cgroup', userId: 'U1' };
    expect(actionOf(tap(group, 'action=join&sessionId=s-1'))).toEqual({
      type: 'postback',
      request: { action: 'join', sessionId: 's-1' },
      chat: { type: 'group', id: 'Cgroup', userId: 'U1' },
      eventId: '01HEVENT',
    });
    expect(actionOf(tap({ type: 'group', groupId: 'Cgroup' }, 'action=join&sessionId=s-1'))).toBeNull();
    expect(actionOf(tap(group, 'action=pay&sessionId=s-1'))).toBeNull();
    expect(actionOf(tap(group, 'sessionId=s-1'))).toBeNull();
  });
});
