import { Links, Meta, Outlet, Scripts } from 'react-router'
import { useNonce } from '~/nonce'

/** A document and nothing else: no stylesheet, no shell, no root loader. */
export default function App() {
  const nonce = useNonce()
  return (
    <html lang="es-PE">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <Outlet />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}
