import { DEMO_ACCOUNTS, startDevIdp, webUrlsFromEnv } from './index'

/** `npm run start:idp`: the development identity provider on its own. */
const webUrls = webUrlsFromEnv()
const idp = await startDevIdp({
  port: Number(process.env.IDP_PORT ?? 3002),
  host: process.env.IDP_HOST ?? '127.0.0.1',
  issuer: process.env.OIDC_ISSUER,
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
