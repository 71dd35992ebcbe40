import { useCallback, useEffect, useRef, useState } from 'react';
import { envelope } from '../envelope.ts';
import { ROTATION_WS_PATH } from '../schemas/rotation.ts';
import type { RouteContract } from '../schemas/routes.ts';
import { ApiError } from './api-error.ts';

/**
 * The rotation board live in every view (issue 21; docs/ARCHITECTURE.md, "The apps"): a
 * WebSocket at `/ws/rotation?sessionId=…&token=…` on the API's origin whose every message is the
 * whole board with its `version`; an older version than the one shown is ignored. While the socket
 * is down the view polls the board every few seconds with `If-None-Match`, and reconnects.
 */

interface Versioned {
  version: number;
}

/** One read of the board: `unchanged` when the server answered 304 to the ETag sent. */
type PollResult<B> = { board: B; etag: string | null } | 'unchanged';

export interface LiveBoardSource<B> {
  /** Reads the board, sending `etag` as `If-None-Match` when there is one. */
  poll: (etag: string | null) => Promise<PollResult<B>>;
  /** The socket's URL; null: no socket, polling only. */
  socketUrl: () => string | null | Promise<string | null>;
  /** A socket message as a board, or null when it is none. */
  parse: (message: unknown) => B | null;
}

type LiveMode = 'connecting' | 'live' | 'polling';

interface LiveBoard<B> {
  board: B | undefined;
  error: unknown;
  mode: LiveMode;
  /** Shows a board an answer carried (ignored when older than the one shown). */
  accept: (board: B) => void;
  /** Reads the board now (after a refused change, say). */
  refresh: () => void;
}

const POLL_MS = 3000;
const RECONNECT_MS = 5000;
const LONGEST_WAIT_MS = 60_000;

const backoff = (base: number, failures: number) => Math.min(base * 2 ** failures, Math.max(base, LONGEST_WAIT_MS));

/** `ws(s)://<API origin>/ws/rotation?sessionId=…&token=…` for an API base such as `/api/admin` or `https://api.example/api`. */
export function rotationSocketUrl(apiBase: string, sessionId: string, token: string): string {
  const url = new URL(ROTATION_WS_PATH, new URL(apiBase, globalThis.location?.href ?? 'http://localhost/'));
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.search = new URLSearchParams({ sessionId, token }).toString();
  return url.toString();
}

/**
 * A call of `contract` sent with `If-None-Match`: `unchanged` on 304, else its data and ETag.
 * A failed answer throws `ApiError` with its envelope's code.
 */
export async function fetchIfChanged<C extends RouteContract>(
  contract: C,
  url: string,
  input: unknown,
  token: string | null,
  etag: string | null,
): Promise<{ data: unknown; etag: string | null } | 'unchanged'> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (etag) headers['if-none-match'] = etag;
  let target = url;
  let body: string | undefined;
  if (contract.method === 'POST') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(input ?? {});
  } else {
    target += `?${new URLSearchParams(input as Record<string, string>)}`;
  }
  let response: Response;
  try {
    response = await fetch(target, { method: contract.method, headers, body });
  } catch {
    throw new ApiError('NETWORK', 'Network error', 0);
  }
  if (response.status === 304) return 'unchanged';
  const parsed = envelope(contract.response).safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new ApiError('BAD_RESPONSE', 'Unexpected response', response.status);
  if (!parsed.data.success) {
    const failure = parsed.data as { error?: string; message: string };
    throw new ApiError(failure.error ?? 'INTERNAL', failure.message, response.status);
  }
  return { data: (parsed.data as { data: unknown }).data, etag: response.headers.get('etag') };
}

/** The board of `key` (a session or screen), live; a null key waits. */
export function useLiveBoard<B extends Versioned>(
  key: string | null,
  source: LiveBoardSource<B>,
  options: { pollMs?: number; reconnectMs?: number } = {},
): LiveBoard<B> {
  const [board, setBoard] = useState<B | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [mode, setMode] = useState<LiveMode>('connecting');
  const shown = useRef<B | undefined>(undefined);
  const pollNow = useRef<() => void>(() => undefined);
  const latestSource = useRef(source);
  latestSource.current = source;
  const pollMs = options.pollMs ?? POLL_MS;
  const reconnectMs = options.reconnectMs ?? RECONNECT_MS;

  const accept = useCallback((next: B) => {
    const current = shown.current;
    if (current && next.version <= current.version) return;
    shown.current = next;
    setBoard(next);
  }, []);

  useEffect(() => {
    shown.current = undefined;
    setBoard(undefined);
    setError(null);
    setMode('connecting');
    if (!key) return;
    let stopped = false;
    let etag: string | null = null;
    let socket: WebSocket | null = null;
    let pollTimer: ReturnType<typeof setTimeout> | undefined;
    let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
    /** Reads in a row that failed, and sockets in a row that never opened: each doubles the wait (a session without a board is not asked every 3 s all evening). */
    let failures = 0;
    let drops = 0;
    let pollRun = 0;
    let polling = false;

    const pollOnce = async () => {
      try {
        const result = await latestSource.current.poll(etag);
        if (stopped) return;
        failures = 0;
        setError(null);
        if (result === 'unchanged') return;
        etag = result.etag;
        accept(result.board);
      } catch (failure) {
        failures++;
        if (!stopped) setError(failure);
      }
    };
    const schedulePoll = (run: number) => {
      pollTimer = setTimeout(
        async () => {
          await pollOnce();
          if (!stopped && polling && run === pollRun) schedulePoll(run);
        },
        backoff(pollMs, failures),
      );
    };
    const startPolling = () => {
      setMode('polling');
      if (polling) return;
      polling = true;
      schedulePoll(++pollRun);
    };
    const stopPolling = () => {
      polling = false;
      clearTimeout(pollTimer);
      pollTimer = undefined;
    };
    const connect = async () => {
      reconnectTimer = undefined;
      const url = await Promise.resolve(latestSource.current.socketUrl()).catch(() => null);
      if (stopped) return;
      const Socket = globalThis.WebSocket;
      if (!url || !Socket) return startPolling();
      let ws: WebSocket;
      try {
        ws = new Socket(url);
      } catch {
        return startPolling();
      }
      socket = ws;
      let opened = false;
      ws.onopen = () => {
        if (stopped || socket !== ws) return;
        const reconnected = polling;
        opened = true;
        drops = 0;
        stopPolling();
        setMode('live');
        // Changes made while the socket was down: one read catches up (a 304 when nothing changed).
        if (reconnected) void pollOnce();
      };
      ws.onmessage = (event: MessageEvent) => {
        if (stopped || socket !== ws) return;
        let message: unknown;
        try {
          message = JSON.parse(String(event.data));
        } catch {
          return;
        }
        const next = latestSource.current.parse(message);
        if (next) accept(next);
      };
      ws.onclose = () => {
        if (stopped || socket !== ws) return;
        socket = null;
        if (!opened) drops++;
        startPolling();
        reconnectTimer = setTimeout(() => void connect(), backoff(reconnectMs, drops));
      };
    };

    pollNow.current = () => void pollOnce();
    void pollOnce();
    void connect();
    return () => {
      stopped = true;
      pollNow.current = () => undefined;
      stopPolling();
      clearTimeout(reconnectTimer);
      socket?.close();
      socket = null;
    };
  }, [key, accept, pollMs, reconnectMs]);

  const refresh = useCallback(() => pollNow.current(), []);
  return { board, error, mode, accept, refresh };
}
