import express, { type NextFunction, type Request, type Response, type Router } from 'express'
import type Provider from 'oidc-provider'
import { authenticate } from './accounts'
import { errorPage, loginPage } from './pages'
import { createLoginThrottle, type LoginThrottleOptions, loginThrottleFromEnv, waitMessage } from './throttle'

const WRONG_CREDENTIALS = 'Correo electrónico o contraseña incorrectos.'
const EXPIRED = 'La solicitud de inicio de sesión expiró. Vuelva a la aplicación e inténtelo nuevamente.'

/** The provider's own login page: one form, no consent screen (the client is first-party). */
export function interactionRoutes(
  provider: Provider,
  throttleOptions: LoginThrottleOptions = loginThrottleFromEnv(),
): Router {
  const router = express.Router()
  const throttle = createLoginThrottle(throttleOptions)
  const form = express.urlencoded({ extended: false, limit: '10kb' })
  const noStore = (_req: Request, res: Response, next: NextFunction) => {
    res.set('Cache-Control', 'no-store')
    next()
  }

  /**
   * Grants the scopes asked for and finishes the interaction (the browser returns to the client).
   * Every sign-in starts from scratch: the provider's previous session (perhaps another demo user)
   * is dropped first, or oidc-provider would ask for a logout confirmation that needs JavaScript.
   */
  async function finish(req: Request, res: Response, accountId: string) {
    const details = await provider.interactionDetails(req, res)
    if (details.session) {
      const previous = details.session.uid ? await provider.Session.findByUid(details.session.uid) : undefined
      await previous?.destroy()
      details.session = undefined
      details.grantId = undefined
      await details.persist()
    }
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) })
    grant.addOIDCScope(String(details.params.scope ?? 'openid'))
    const grantId = await grant.save()
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    )
  }

  router.get('/:uid', noStore, async (req, res, next) => {
    try {
      const details = await provider.interactionDetails(req, res)
      if (details.uid !== req.params.uid) throw new Error('interaction mismatch')
      if (details.prompt.name === 'consent' && details.session?.accountId) {
        return await finish(req, res, details.session.accountId)
      }
      const client = await provider.Client.find(String(details.params.client_id))
      res
        .type('html')
        .send(loginPage({ uid: details.uid, clientName: client?.clientName ?? 'la aplicación' }))
    } catch (error) {
      next(error)
    }
  })

  router.post('/:uid/login', noStore, form, async (req, res, next) => {
    try {
      const details = await provider.interactionDetails(req, res)
      const email = String(req.body?.email ?? '')
      const address = req.socket.remoteAddress ?? 'unknown'
      const refuse = async (status: number, error: string) => {
        const client = await provider.Client.find(String(details.params.client_id))
        res
          .status(status)
          .type('html')
          .send(
            loginPage({ uid: details.uid, clientName: client?.clientName ?? 'la aplicación', email, error }),
          )
      }
      // Wrong passwords are counted per address and account: a flood for one account (or from
      // one address) never locks anyone else out, and the right password always signs in.
      const key = `${address}|${email.trim().toLowerCase()}`
      const account = authenticate(email, String(req.body?.password ?? ''))
      if (!account) {
        const wait = throttle.waitSeconds(key)
        if (wait > 0) {
          res.set('Retry-After', String(wait))
          return await refuse(429, waitMessage(wait))
        }
        throttle.recordFailure(key)
        return await refuse(401, WRONG_CREDENTIALS)
      }
      await finish(req, res, account.subject)
    } catch (error) {
      next(error)
    }
  })

  router.post('/:uid/abort', noStore, async (req, res, next) => {
    try {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'El usuario canceló el inicio de sesión' },
        { mergeWithLastSubmission: false },
      )
    } catch (error) {
      next(error)
    }
  })

  // An expired or unknown interaction (its cookie is gone): say so in Spanish.
  router.use((_error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    res.status(400).type('html').send(errorPage(EXPIRED))
  })
  return router
}
