/**
 * What React Router hands a loader or an action, for tests that call one directly: the request,
 * its URL, the route's params and an empty load context.
 */
export const routeArgs = (request: Request, params: Record<string, string> = {}) => ({
  request,
  params,
  context: {},
  url: new URL(request.url),
  pattern: '',
})
