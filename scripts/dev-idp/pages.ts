import { DEMO_ACCOUNTS } from './accounts'

/** The provider's own pages: plain HTML, inline styles, no external fonts or scripts. */
const html = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f1f5f9;color:#0f172a}
main{max-width:44rem;margin:2rem auto;padding:0 1rem}
.card{background:#fff;border-radius:.5rem;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:1.5rem;margin-bottom:1.5rem}
h1{font-size:1.5rem;margin:0 0 .25rem;color:#01579b}
h2{font-size:1.1rem;margin:0 0 .75rem}
p{line-height:1.5}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input{width:100%;padding:.6rem .75rem;border:1px solid #64748b;border-radius:.375rem;font-size:1rem}
input:focus,button:focus{outline:3px solid #01579b;outline-offset:2px}
.actions{display:flex;gap:.75rem;margin-top:1.25rem;flex-wrap:wrap}
button{font-size:1rem;padding:.6rem 1.25rem;border-radius:.375rem;border:1px solid #01579b;cursor:pointer}
.primary{background:#01579b;color:#fff}
.secondary{background:#fff;color:#01579b}
.link{background:none;border:none;color:#01579b;text-decoration:underline;padding:0;font-size:.95rem}
.error{background:#fef2f2;border-left:4px solid #b91c1c;color:#7f1d1d;padding:.75rem 1rem;margin:1rem 0}
table{width:100%;border-collapse:collapse;font-size:.95rem}
th,td{text-align:left;padding:.5rem;border-bottom:1px solid #e2e8f0;vertical-align:top}
.note{font-size:.9rem;color:#475569}
code{font-family:ui-monospace,Consolas,monospace}
`

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="es-PE">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(title)} · Proveedor de identidad de desarrollo</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`
}

export function loginPage(options: {
  uid: string
  clientName: string
  email?: string
  error?: string
}): string {
  const action = `/interaction/${encodeURIComponent(options.uid)}`
  const rows = DEMO_ACCOUNTS.map(
    (a) => `<tr>
<td>${html(a.name)}</td><td><code>${html(a.email)}</code></td><td><code>${html(a.password)}</code></td>
<td><form method="post" action="${action}/login">
<input type="hidden" name="email" value="${html(a.email)}"><input type="hidden" name="password" value="${html(a.password)}">
<button type="submit" class="link" aria-label="Ingresar como ${html(a.name)}">Ingresar</button></form></td>
</tr>`,
  ).join('\n')
  return layout(
    'Iniciar sesión',
    `<div class="card">
<h1>Iniciar sesión</h1>
<p>Ingrese sus credenciales para continuar a <strong>${html(options.clientName)}</strong>.</p>
${options.error ? `<div class="error" role="alert">${html(options.error)}</div>` : ''}
<form method="post" action="${action}/login" autocomplete="off">
<label for="email">Correo electrónico</label>
<input id="email" name="email" type="email" required autofocus value="${html(options.email ?? '')}">
<label for="password">Contraseña</label>
<input id="password" name="password" type="password" required>
<div class="actions"><button type="submit" class="primary">Ingresar</button></div>
</form>
<form method="post" action="${action}/abort"><div class="actions"><button type="submit" class="secondary">Cancelar</button></div></form>
</div>
<div class="card">
<h2>Usuarios de demostración</h2>
<p class="note">Este proveedor de identidad es solo para desarrollo: cada vez que inicias sesión eliges con qué usuario entrar. En producción se configura el proveedor de la empresa con <code>OIDC_ISSUER</code>.</p>
<table>
<caption class="note" style="text-align:left;margin-bottom:.5rem">Usuarios, correos y contraseñas disponibles</caption>
<thead><tr><th scope="col">Nombre</th><th scope="col">Correo electrónico</th><th scope="col">Contraseña</th><th scope="col">Acción</th></tr></thead>
<tbody>${rows}</tbody>
</table>
</div>`,
  )
}

export function errorPage(message: string): string {
  return layout(
    'Error',
    `<div class="card" role="alert"><h1>No se pudo completar el inicio de sesión</h1>
<p>${html(message)}</p>
<p>Vuelva a la aplicación e inténtelo nuevamente.</p></div>`,
  )
}

/**
 * The provider's logout (oidc-provider's `form` posts to its confirmation with a one-time token).
 * It signs out at once: the script posts the form, and without JavaScript one button does.
 */
export function logoutPage(form: string): string {
  const confirmed = form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>')
  return layout(
    'Cerrar sesión',
    `<div class="card">
<h1>Cerrar sesión</h1>
<p>Cerrando su sesión en el proveedor de identidad…</p>
${confirmed}
<div class="actions"><button type="submit" form="op.logoutForm" class="primary">Cerrar sesión</button></div>
</div>
<script>document.getElementById('op.logoutForm').submit()</script>`,
  )
}

/** Shown when a logout names no application to return to. */
export function loggedOutPage(): string {
  return layout(
    'Sesión cerrada',
    `<div class="card"><h1>Sesión cerrada</h1>
<p>Cerró su sesión en el proveedor de identidad. Ya puede cerrar esta ventana.</p></div>`,
  )
}
