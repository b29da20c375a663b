import { MESSAGES, mayUse, type PermissionRequirement } from '@planillas/domain'
import { redirect } from 'react-router'
import {
  decodeAccessToken,
  destroySessionHeaders,
  getSession,
  readTokens,
  type SessionUser,
} from './session.server'

export type SignedIn = { user: SessionUser; accessToken: string }

/** The signed-in user, or null. */
export async function getUser(request: Request): Promise<SignedIn | null> {
  const tokens = readTokens(await getSession(request))
  if (!tokens) return null
  const user = decodeAccessToken(tokens.accessToken)
  return user
    ? { user: { email: user.email, name: user.name, roles: user.roles }, accessToken: tokens.accessToken }
    : null
}

/** The signed-in user; anyone else goes to /login. */
export async function requireUser(request: Request): Promise<SignedIn> {
  const signedIn = await getUser(request)
  if (!signedIn) throw redirect('/login', { headers: await destroySessionHeaders(request) })
  return signedIn
}

/** The loader of a page that needs nothing but its guard (an upload form, a menu of links). */
export const guardOnlyLoader =
  (permission: PermissionRequirement) =>
  async ({ request }: { request: Request }) => {
    await requirePermission(request, permission)
    return null
  }

/** The signed-in user holding `permission` (or any of them); others get a 403 page. */
export async function requirePermission(
  request: Request,
  permission: PermissionRequirement,
): Promise<SignedIn> {
  const signedIn = await requireUser(request)
  if (!mayUse(signedIn.user.roles, permission)) {
    throw new Response(MESSAGES.forbidden, { status: 403, statusText: 'Forbidden' })
  }
  return signedIn
}
