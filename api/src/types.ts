import type { Database } from '@planillas/db'
import type { PermissionRequirement } from '@planillas/domain'
import type { AuthUser, TokenSigner } from './auth/tokens'
import type { ApiConfig } from './config'

declare module 'fastify' {
  interface FastifyInstance {
    db: Database
    config: ApiConfig
    tokens: TokenSigner
  }
  interface FastifyRequest {
    /** The signed-in user; set by the auth plugin on every non-public route. */
    user: AuthUser
  }
  interface FastifyContextConfig {
    /** No token needed (sign-in, health, docs). */
    public?: boolean
    /** The permission (or any of the permissions) the route needs; omitted: any signed-in user. */
    permission?: PermissionRequirement
  }
}
