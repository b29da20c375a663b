import { configOrExit } from '@planillas/domain/env'
import { loadIdpConfig } from './config'
import { DEMO_ACCOUNTS, startDevIdp, webUrlsFromEnv } from './index'

/** `npm run start:idp`: the development identity provider on its own. */
const config = configOrExit(() => loadIdpConfig())
const webUrls = webUrlsFromEnv()
const idp = await startDevIdp({
  port: config.IDP_PORT,
  host: config.IDP_HOST,
  issuer: config.OIDC_ISSUER,
  webUrls,
})
console.log(`Proveedor de identidad de desarrollo en ${idp.issuer} (retorno a ${webUrls.join(', ')})`)
for (const a of DEMO_ACCOUNTS) console.log(`  ${a.email.padEnd(24)} contraseña: ${a.password}`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await idp.close()
    process.exit(0)
  })
}
