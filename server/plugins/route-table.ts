import type { FastifyInstance, HTTPMethods } from 'fastify';

/** One registered route as the router knows it, collected by an onRoute hook (tests fuzz and probe these). */
export interface RouteEntry {
  method: string;
  url: string;
  /** Declared in the route's options: { config: { xsrfPublic: true } } exempts it from the XSRF check. */
  xsrfPublic: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
  interface FastifyContextConfig {
    /** A state-changing route that checks its own origin (the shared list report form, which runs no JavaScript): skips the XSRF check. */
    xsrfPublic?: boolean;
  }
}

/** Registered before any route, so every later route (in any plugin) is listed once per method. */
export function registerRouteTable(app: FastifyInstance) {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = ([] as HTTPMethods[]).concat(route.method as HTTPMethods | HTTPMethods[]);
    for (const method of methods) {
      table.push({ method: String(method).toUpperCase(), url: route.url, xsrfPublic: route.config?.xsrfPublic === true });
    }
  });
}
