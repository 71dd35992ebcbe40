import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { RouteContract } from '../../src/schemas/routes.ts';
import { contractReader } from '../../src/web/api-client.ts';
import { type Contracts, createApiTransport } from '../../src/web/api-transport.ts';
import { envelope, failure, respond, sentRequest, stubFetch } from '../../src/web/testing.ts';

// The transport with contracts that come later (the member app: zod and the route table after
// the first screen): calls wait for them, except `beforeContracts`, which is checked afterwards.
const routes = {
  'items/list': {
    method: 'POST',
    auth: 'member',
    summary: 'items',
    request: z.object({ tag: z.string() }),
    response: z.object({ items: z.array(z.object({ id: z.string() })) }),
  },
} satisfies Record<string, RouteContract>;

function transport() {
  let arrive: (value: Contracts<typeof routes>) => void = () => undefined;
  const contracts = vi.fn(
    () =>
      new Promise<Contracts<typeof routes>>((resolve) => {
        arrive = resolve;
      }),
  );
  const apiCall = createApiTransport({
    contracts,
    base: () => '/api',
    auth: 'member',
    token: () => 'member-token',
    clearLogin: () => undefined,
    noToken: { code: 'NO_TOKEN', status: 401, message: 'No token found' },
  });
  return { apiCall, contracts, arrive: () => arrive({ routes, ...contractReader }) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => vi.restoreAllMocks());

describe('API transport before the contracts come', () => {
  it('sends a call before the contracts, answers it, then checks it: a match says nothing', async () => {
    const { apiCall, contracts, arrive } = transport();
    const fetch = stubFetch(respond(envelope({ items: [{ id: 'i-1' }] })));
    const onLateMismatch = vi.fn();
    const answer = await apiCall.beforeContracts(
      'items/list',
      { tag: 'a' },
      { method: 'POST', auth: 'member' },
      { onLateMismatch },
    );
    expect(answer).toEqual({ items: [{ id: 'i-1' }] });
    expect(sentRequest(fetch)).toMatchObject({
      url: '/api/items/list',
      method: 'POST',
      headers: { authorization: 'Bearer member-token' },
      body: { tag: 'a' },
    });
    // The contracts were asked for at once, and nothing is said before they come.
    expect(contracts).toHaveBeenCalledTimes(1);
    arrive();
    await settle();
    expect(onLateMismatch).not.toHaveBeenCalled();
  });

  it('reports an answer the contracts refuse, or a shape that is not the contract’s, once they come', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { apiCall, arrive } = transport();
    stubFetch(respond(envelope({ items: [{ id: 7 }] })));
    const badBody = vi.fn();
    await expect(
      apiCall.beforeContracts(
        'items/list',
        { tag: 'a' },
        { method: 'POST', auth: 'member' },
        { onLateMismatch: badBody },
      ),
    ).resolves.toEqual({ items: [{ id: 7 }] });
    const badShape = vi.fn();
    stubFetch(respond(envelope({ items: [] })));
    await apiCall.beforeContracts(
      'items/list',
      { tag: 'a' },
      { method: 'GET', auth: 'member' },
      { onLateMismatch: badShape },
    );
    expect(badBody).not.toHaveBeenCalled();
    arrive();
    await settle();
    expect(badBody).toHaveBeenCalledTimes(1);
    expect(badShape).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalled();
  });

  it('turns a failure envelope into its error at once, and a body that is no envelope into BAD_RESPONSE', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { apiCall } = transport();
    stubFetch(respond(failure('RATE_LIMITED', 'Too many requests'), 429));
    await expect(
      apiCall.beforeContracts('items/list', { tag: 'a' }, { method: 'POST', auth: 'member' }),
    ).rejects.toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    stubFetch(respond({ items: [] }));
    await expect(
      apiCall.beforeContracts('items/list', { tag: 'a' }, { method: 'POST', auth: 'member' }),
    ).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('is a checked call once the contracts are in, and other calls wait for them', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { apiCall, arrive } = transport();
    const fetch = stubFetch(respond(envelope({ items: [{ id: 7 }] })));
    const waiting = apiCall('items/list', { tag: 'a' });
    await settle();
    expect(fetch).not.toHaveBeenCalled();
    arrive();
    await expect(waiting).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
    await expect(
      apiCall.beforeContracts('items/list', { tag: 'a' }, { method: 'POST', auth: 'member' }),
    ).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });
});
