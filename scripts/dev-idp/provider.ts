import { randomBytes } from 'node:crypto'
import { exportJWK, generateKeyPair } from 'jose'
import Provider, { type Configuration, interactionPolicy } from 'oidc-provider'
import { findAccount } from './accounts'
import { errorPage, loggedOutPage, logoutPage } from './pages'

export type DevProviderOptions = {
  issuer: string
  clientId: string
  clientSecret: string
  /**
   * Base URLs of the web tier; each gets `/login/callback` as a redirect URI and `/login` as the
   * address its logout returns to.
   */
  webUrls: string[]
}

const ERRORS_ES: Record<string, string> = {
  invalid_request: 'La solicitud de inicio de sesión no es válida.',
  invalid_client: 'La aplicación que solicita el inicio de sesión no está registrada.',
  invalid_redirect_uri: 'La dirección de retorno de la aplicación no está registrada.',
  access_denied: 'Se canceló el inicio de sesión.',
  session_not_found: 'La sesión de inicio de sesión expiró.',
}

/**
 * The demo users choose who they are each time they sign in, so that signing out of the
 * application and back in as another user needs no trip to the provider's logout.
 */
function alwaysAskPolicy() {
  const policy = interactionPolicy.base()
  policy
    .get('login')!
    .checks.add(
      new interactionPolicy.Check('demo_user_choice', 'Choose a demo user on every sign-in', (ctx) =>
        ctx.oidc.result?.login
          ? interactionPolicy.Check.NO_NEED_TO_PROMPT
          : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    )
  return policy
}

/** oidc-provider configured for one confidential client with PKCE and a `roles` claim. */
export async function createDevProvider(options: DevProviderOptions): Promise<Provider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const jwk = {
    ...(await exportJWK(privateKey)),
    kid: `dev-${randomBytes(4).toString('hex')}`,
    alg: 'RS256',
    use: 'sig',
  }
  const configuration: Configuration = {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        client_name: 'Planillas',
        redirect_uris: options.webUrls.map((url) => `${url.replace(/\/$/, '')}/login/callback`),
        post_logout_redirect_uris: options.webUrls.map((url) => `${url.replace(/\/$/, '')}/login`),
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    // biome-ignore lint/suspicious/noExplicitAny: jose's JWK type is wider than oidc-provider's
    jwks: { keys: [jwk as any] },
    findAccount,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'roles'] },
    // name, email and roles go in the ID token itself, not only in /userinfo.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      // The app's logout comes here (RP-initiated logout) so the provider's session ends too.
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.type = 'html'
          ctx.body = logoutPage(form)
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.type = 'html'
          ctx.body = loggedOutPage()
        },
      },
    },
    interactions: {
      url: (_ctx, interaction) => `/interaction/${interaction.uid}`,
      policy: alwaysAskPolicy(),
    },
    // Cookies on localhost are shared across ports: these names cannot clash with the app's.
    cookies: {
      names: {
        session: 'planillas_idp_session',
        interaction: 'planillas_idp_interaction',
        resume: 'planillas_idp_resume',
      },
      keys: [randomBytes(32).toString('hex')],
    },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 120,
      IdToken: 600,
      Interaction: 900,
      Session: 8 * 3600,
      Grant: 8 * 3600,
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html'
      ctx.body = errorPage(ERRORS_ES[String(out.error)] ?? 'Ocurrió un error en el proveedor de identidad.')
    },
  }
  return new Provider(options.issuer, configuration)
}
