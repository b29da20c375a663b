import { z } from 'zod'
import type { Wire } from '../common/wire'

/** Sign-in and sessions (`/auth`, docs/architecture.md). */
export const ProfileSchema = z.object({ email: z.string(), name: z.string(), roles: z.array(z.string()) })
/** The API's own access token (short-lived JWT) and refresh token (opaque, rotated on use). */
export const AuthTokensSchema = z.object({ accessToken: z.string(), refreshToken: z.string() })
const required = (label: string) =>
  z
    .string({ error: `${label} es requerido` })
    .trim()
    .min(1, `${label} es requerido`)

export const SignInSchema = z.object({
  code: required('El código de autorización'),
  codeVerifier: required('El verificador PKCE'),
  nonce: required('El nonce'),
  redirectUri: z.url({ error: 'La dirección de retorno no es válida' }).optional(),
})
export const RefreshSchema = z.object({ refreshToken: required('El token de actualización') })
/** The ended session's ID token, as the hint of the provider's logout. */
export const LoggedOutSchema = z.object({ idTokenHint: z.string().nullable() })
export const TokenCheckSchema = z.object({ valid: z.boolean() })

export type AuthTokens = Wire<typeof AuthTokensSchema>
