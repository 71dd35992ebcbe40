import { adminRoutes, failureEnvelope, memberRoutes, type RouteContract, successEnvelope } from '@shuttle/shared';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { openApiDocument } from '#platform/openapi.ts';

const options = { target: 'openapi-3.0', unrepresentable: 'any' } as const;

interface Operation {
  requestBody?: { content: { 'application/json': { schema: unknown } } };
  parameters?: { name: string; in: string; schema: unknown }[];
  responses: Record<string, { content: Record<string, { schema: unknown }> }>;
}

/**
 * `/openapi.json` converts each contract with the schema's own `toJSONSchema` method (it keeps
 * zod's table of every converter out of the Lambda bundles, docs/DEPLOY.md "Bundles"): the
 * document must stay what `z.toJSONSchema` gives, call by call.
 */
describe('OpenAPI document', () => {
  it.each([
    ['member', '/api', memberRoutes],
    ['admin', '/api/admin', adminRoutes],
  ] as const)('of the %s API has z.toJSONSchema’s schema for every request and response', (_, base, routes) => {
    const doc = openApiDocument('t', base, routes as Record<string, RouteContract>, 'bearer') as {
      paths: Record<string, Record<string, Operation>>;
    };
    const failure = z.toJSONSchema(failureEnvelope, { ...options, io: 'output' });
    for (const [path, contract] of Object.entries(routes as Record<string, RouteContract>)) {
      const operation = doc.paths[`${base}/${path}`]![contract.method.toLowerCase()]!;
      expect(operation.responses.default!.content['application/json']!.schema, path).toEqual(failure);
      if (!contract.produces) {
        expect(operation.responses['200']!.content['application/json']!.schema, path).toEqual(
          z.toJSONSchema(successEnvelope(contract.response), { ...options, io: 'output' }),
        );
      }
      if (!contract.request) continue;
      const input = z.toJSONSchema(contract.request, { ...options, io: 'input' }) as {
        properties?: Record<string, unknown>;
      };
      if (contract.method === 'POST') {
        expect(operation.requestBody!.content['application/json'].schema, path).toEqual(input);
      } else {
        const query = (operation.parameters ?? []).filter((p) => p.in === 'query');
        expect(Object.fromEntries(query.map((p) => [p.name, p.schema])), path).toEqual(input.properties ?? {});
      }
    }
  });
});
