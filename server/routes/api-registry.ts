// One place where every public /Api route declares its zod schemas. The route validates its input with
// these very objects, and the OpenAPI document (/Api/openapi.json, server/routes/openapi-document.ts) is made
// from them, so the description cannot drift from what the server accepts.
// Declare at module level (once per process), not inside a plugin function (once per app built).
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiResponseSpec {
  description: string;
  /** Media type of the answer; default application/json. */
  contentType?: string;
  schema?: z.ZodType;
}

export interface ApiRouteSpec<P extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  /** Fastify path ('/Api/Viewer/Page/:uid'). */
  path: string;
  /** Group in the document (Home, Search, Viewer, Files, Site, Discovery). */
  tag: string;
  summary: string;
  description?: string;
  params?: P;
  query?: Q;
  body?: B;
  responses: Record<number, ApiResponseSpec>;
  /** Example request path with query, shown in the document (and tried by the tests). */
  example?: string;
}

const registry: ApiRouteSpec[] = [];

/** Declares a route's schemas and returns the same object, for the route to validate with. */
export function apiRoute<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(spec: ApiRouteSpec<P, Q, B>): ApiRouteSpec<P, Q, B> {
  const known = registry.find((r) => r.method === spec.method && r.path.toLowerCase() === spec.path.toLowerCase());
  if (known) throw new Error(`${spec.method} ${spec.path} is declared twice`);
  registry.push(spec as unknown as ApiRouteSpec);
  return spec;
}

/** Every declared route, in declaration order. */
export const declaredRoutes = (): readonly ApiRouteSpec[] => registry;

/** Routes outside the public API: the admin's (session-only; listed in docs/API.md). */
export const PRIVATE_PREFIXES = ['/Api/Admin/'];
