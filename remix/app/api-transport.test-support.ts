/**
 * What a test puts in place of `./api-transport.server` (with `vi.mock`): each API call is noted as
 * 'METHOD /path' (without /api/v1 and the query) and answered 200 with `payloadOf`'s payload; a list
 * page is answered empty.
 */
export function recordingTransport(
  note: (call: string) => void,
  payloadOf: (path: string, method: string) => unknown,
) {
  return {
    exchange: async (url: string, { method }: { method: string }) => {
      const path = new URL(url).pathname.replace(/^\/api\/v1/, '')
      note(`${method} ${path}`)
      const payload = path.endsWith('/list')
        ? { content: [], totalElements: 0, totalPages: 0 }
        : payloadOf(path, method)
      return { status: 200, text: JSON.stringify({ status: 'OK', payload, messages: [] }) }
    },
  }
}
