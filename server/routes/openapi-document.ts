// The OpenAPI 3.1 document of the public API, generated from the zod schemas the routes validate with
// (routes/api-registry.ts). JSON Schema 2020-12 is OpenAPI 3.1's schema dialect, which z.toJSONSchema writes.
import { z } from 'zod';
import type { ApiRouteSpec } from './api-registry';

type Json = Record<string, unknown>;

const jsonSchema = (schema: z.ZodType): Json => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  return rest;
};

/** '/Api/Viewer/Page/:uid' -> '/Api/Viewer/Page/{uid}' */
export const openApiPath = (fastifyPath: string) => fastifyPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function parameters(where: 'path' | 'query', schema: z.ZodType | undefined): Json[] {
  if (!schema) return [];
  const s = jsonSchema(schema) as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(s.properties ?? {}).map(([name, prop]) => {
    const { description, ...rest } = prop as Json & { description?: string };
    return {
      name,
      in: where,
      required: where === 'path' || (s.required ?? []).includes(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

function operation(route: ApiRouteSpec): Json {
  const responses: Json = {};
  for (const [code, r] of Object.entries(route.responses)) {
    responses[code] = {
      description: r.description,
      ...(r.schema || r.contentType ? { content: { [r.contentType ?? 'application/json']: { schema: r.schema ? jsonSchema(r.schema) : {} } } } : {}),
    };
  }
  if (!responses['400'] && (route.query || route.params || route.body)) {
    responses['400'] = { description: 'The request is malformed', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  }
  return {
    operationId: `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+/g, '_')}`,
    tags: [route.tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    parameters: [...parameters('path', route.params), ...parameters('query', route.query)],
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body) } } } } : {}),
    responses,
  };
}

/** The whole document for a site: `origin` is its canonical origin (the one server). */
export function buildOpenApi(routes: readonly ApiRouteSpec[], origin: string, siteTitle: string): Json {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const key = openApiPath(route.path);
    (paths[key] ??= {})[route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${siteTitle || 'Newspaper archive'} API`,
      version: '1.0.0',
      description: 'The public API of this newspaper archive. Client mistakes answer 4xx with { "error": "..." }.',
    },
    servers: [{ url: origin }],
    paths,
    components: {
      schemas: { Error: { type: 'object', properties: { error: { type: 'string' } }, required: ['error'] } },
    },
  };
}
