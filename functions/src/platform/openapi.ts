import { failureEnvelope, type RouteContract, successEnvelope } from '@shuttle/shared';
import type * as z from 'zod';

/**
 * The schema's own `toJSONSchema` method, not `z.toJSONSchema(schema, …)`: the same document, but
 * the standalone function also carries zod's table of every type's converter (~5 KB of each API's
 * Lambda bundle; docs/DEPLOY.md, "Bundles"). functions/test/openapi.test.ts compares the two.
 */
const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  schema.toJSONSchema({ target: 'openapi-3.0', io, unrepresentable: 'any' });

/** OpenAPI 3.0 document generated from the same zod contracts that validate the calls. */
export function openApiDocument(
  title: string,
  basePath: string,
  routes: Record<string, RouteContract>,
  bearerDescription: string,
): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const [path, contract] of Object.entries(routes)) {
    const operation: Record<string, unknown> = {
      operationId: path.replaceAll('/', '_'),
      summary: contract.summary,
      security: contract.auth === 'none' ? [] : [{ bearer: [] }],
      responses: {
        '200': contract.produces
          ? {
              description: 'The file (UTF-8 with a byte order mark and a header row)',
              content: { [contract.produces]: { schema: { type: 'string' } } },
            }
          : {
              description: 'Success envelope',
              content: { 'application/json': { schema: jsonSchema(successEnvelope(contract.response), 'output') } },
            },
        default: {
          description:
            'Failure envelope (400 bad input, 401 no or invalid token, 403, 404, 409, 413 body too large, 429 with Retry-After, 503 SERVICE_BUSY or BOOKING_FAILED with Retry-After: try again, 500)',
          content: { 'application/json': { schema: jsonSchema(failureEnvelope, 'output') } },
        },
      },
    };
    const parameters: unknown[] = [];
    if (contract.idempotent) {
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: 'A retry with the same key returns the first result and writes nothing new',
        schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,128}$' },
      });
    }
    if (contract.request && contract.method === 'POST') {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: jsonSchema(contract.request, 'input') } },
      };
    } else if (contract.request) {
      const schema = jsonSchema(contract.request, 'input') as {
        properties?: Record<string, unknown>;
        required?: string[];
      };
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        parameters.push({ name, in: 'query', required: schema.required?.includes(name) ?? false, schema: property });
      }
    }
    if (parameters.length) operation.parameters = parameters;
    paths[`${basePath}/${path}`] = { [contract.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.0.3',
    info: { title, version: '1.0.0' },
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: bearerDescription },
      },
    },
  };
}
