import { mayUse, type Permission, type PermissionRequirement } from '@planillas/domain'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { sessionIsLive } from '../auth/sessions'
import type { AuthUser } from '../auth/tokens'
import { forbidden, unauthorized } from '../lib/errors'

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set by this plugin on every non-public route. */
    user: AuthUser
  }
  interface FastifyContextConfig {
    /** No token needed (sign-in, health, docs). */
    public?: boolean
    /** The permission (or any of the permissions) the route needs; omitted: any signed-in user. */
    permission?: PermissionRequirement
    /** Permissions the user must hold every one of (an action that does the work of two screens). */
    permissionsAll?: readonly Permission[]
  }
}

/**
 * Authentication and permissions for every route (docs/architecture.md): a Bearer access token is required
 * unless the route is public, its session must not be revoked, the route's `config.permission`
 * must be among the user's roles, and so must every one of its `config.permissionsAll`.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null as unknown as AuthUser)
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const config = request.routeOptions.config
    const url = request.routeOptions.url
    // The OpenAPI document and its UI are public: they describe the API, they hold no data.
    if (config?.public || !url || url === '/api/docs' || url.startsWith('/api/docs/')) return
    const header = request.headers.authorization
    const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined
    if (!token) throw unauthorized()
    const user = await app.tokens.verify(token)
    // A signed token is not enough: its session must still be open (logout, theft end it at once)
    // and be the session of the token's user.
    if (!user || !(await sessionIsLive(app.db, user.sessionId, user.id))) throw unauthorized()
    request.user = user
    const required = config?.permission
    if (required && !mayUse(user.roles, required)) throw forbidden()
    if (config?.permissionsAll?.some((p) => !user.roles.includes(p))) throw forbidden()
  })
})
