import { type ActionFunctionArgs, redirect } from 'react-router'
import { call } from '~/api.server'
import { providerLogoutUrl } from '~/oidc.server'
import { destroySessionHeaders, getSession, readTokens } from '~/session.server'

/** Only a POST signs out; a link or a prefetch must not. */
export const loader = () => redirect('/')

/**
 * Ends the session at the API (its access tokens stop working at once) and clears the cookie
 * whatever the result; then the browser goes through the provider's logout with the
 * sign-in's ID token as hint, which brings it back to /login.
 */
export async function action({ request }: ActionFunctionArgs) {
  const tokens = readTokens(await getSession(request))
  const headers = await destroySessionHeaders(request)
  if (!tokens) return redirect('/login', { headers })
  const ended = await call(request, 'POST /auth/logout', {
    body: { refreshToken: tokens.refreshToken },
    token: null,
  }).catch(() => null)
  return redirect((await providerLogoutUrl(ended?.idTokenHint ?? null)) ?? '/login', { headers })
}
