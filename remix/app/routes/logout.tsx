import { type ActionFunctionArgs, redirect } from '@remix-run/node'
import { api } from '~/api.server'
import { destroySessionHeaders, getSession, readTokens } from '~/session.server'

/** Only a POST signs out; a link or a prefetch must not. */
export const loader = () => redirect('/')

/** Revokes the refresh token at the API, then clears the session whatever the result (SPEC §4). */
export async function action({ request }: ActionFunctionArgs) {
  const tokens = readTokens(await getSession(request))
  if (tokens) {
    await api(request, '/auth/logout', { body: { refreshToken: tokens.refreshToken }, token: null }).catch(
      () => null,
    )
  }
  return redirect('/login', { headers: await destroySessionHeaders(request) })
}
