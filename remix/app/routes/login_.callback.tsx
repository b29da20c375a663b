import { MESSAGES } from '@planillas/domain'
import { type LoaderFunctionArgs, redirect } from 'react-router'
import { authenticator, clearFlowCookie, SignInError, signInErrorMessage } from '~/oidc.server'
import { flashToast, getSession, sessionStorage, storeTokens } from '~/session.server'

/**
 * The provider sends the browser back here (/login/callback). With a query string the sign-in
 * completes: state checked, code exchanged by the API, tokens kept in the session cookie.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  if (!url.search) throw redirect('/login')
  const session = await getSession(request)
  const headers = new Headers({ 'Set-Cookie': await clearFlowCookie() })
  let target = '/'
  try {
    if (!url.searchParams.has('code') && !url.searchParams.has('error'))
      throw new SignInError(MESSAGES.authState)
    storeTokens(session, await authenticator.authenticate('oidc', request))
  } catch (error) {
    if (error instanceof Response) throw error
    flashToast(session, { type: 'error', message: signInErrorMessage(error) })
    target = '/login'
  }
  headers.append('Set-Cookie', await sessionStorage.commitSession(session))
  return redirect(target, { headers })
}
