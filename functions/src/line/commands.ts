/** What the bot answers in a chat; anything else gets no reply at all. */
export type ChatCommand = 'sessions' | 'mine' | 'help';

/** Each command's words, compared with the message trimmed, NFKC-normalised and lower-cased. */
const WORDS: Record<string, ChatCommand> = {
  場次: 'sessions',
  场次: 'sessions',
  sessions: 'sessions',
  我的: 'mine',
  mine: 'mine',
  說明: 'help',
  说明: 'help',
  help: 'help',
};

export interface Mention {
  index: number;
  length: number;
  isSelf?: boolean;
}

export interface ChatText {
  text: string;
  mentionees?: readonly Mention[];
}

/** The text without its mentions (`@name` ranges LINE reports), trimmed. */
function withoutMentions({ text, mentionees = [] }: ChatText): string {
  // LINE counts positions in UTF-16 code units, like String.prototype.slice.
  const ranges = [...mentionees].sort((a, b) => b.index - a.index);
  if (!ranges.every((m) => m.index >= 0 && m.length >= 0 && m.index + m.length <= text.length)) return text.trim();
  let rest = text;
  for (const m of ranges) rest = rest.slice(0, m.index) + rest.slice(m.index + m.length);
  return rest.trim();
}

/**
 * The command a message asks for: its text (mentions removed) is one of the command words;
 * a message that mentions the bot and asks nothing else gets the help.
 */
export function commandOf(message: ChatText): ChatCommand | null {
  const word = withoutMentions(message).normalize('NFKC').toLowerCase();
  const command = WORDS[word];
  if (command) return command;
  return message.mentionees?.some((m) => m.isSelf === true) ? 'help' : null;
}
