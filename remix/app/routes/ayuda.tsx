import type { ReactNode } from 'react'
import type { LoaderFunctionArgs } from 'react-router'
import { Link, useLoaderData } from 'react-router'
import { getUser } from '~/auth.server'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Documentación')

export async function loader({ request }: LoaderFunctionArgs) {
  return { signedIn: Boolean(await getUser(request)) }
}

const MODULES: [string, string][] = [
  ['Portada', 'Pantalla de inicio «Control de pagos», con accesos directos a los módulos que puede usar.'],
  [
    'Mantenimiento',
    'Áreas, Empresas, Cargos y Bancos: los catálogos que usan los colaboradores, los contratos y las planillas. Las empresas se registran con su R.U.C. (se valida el dígito verificador y no se admiten duplicados).',
  ],
  ['Colaboradores', 'Datos personales, de contacto y bancarios de cada colaborador.'],
  ['Contratos', 'Contratos con su duración, sueldo base, asignación familiar y fecha de término calculada.'],
  [
    'Planillas',
    'Lista de planillas, carga de planillas desde Excel y carga de abonos con sus constancias en PDF.',
  ],
  ['Reclutamiento', 'Vacantes y postulantes.'],
  [
    'Auditoría',
    'Registro de cada creación, modificación, cambio de estado e inicio de sesión, con su autor.',
  ],
]

const ROLES: [string, string][] = [
  ['<módulo>_lista', 'Ver la lista y el detalle del módulo (por ejemplo, areas_lista).'],
  ['<módulo>_edicion', 'Crear, editar y cambiar el estado de los registros del módulo.'],
  ['<módulo>_descarga_excel', 'Descargar la lista del módulo en Excel.'],
  ['planillas_carga / planillas_abonos', 'Cargar archivos de planillas y de abonos.'],
  ['auditoria_lista / auditoria_descarga_excel', 'Consultar y descargar el registro de auditoría.'],
  ['dashboard', 'Abrir la portada.'],
]

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id={id} className="text-xl font-semibold text-primary-dark">
        {title}
      </h2>
      <div className="mt-3 space-y-3 leading-relaxed text-slate-700">{children}</div>
    </section>
  )
}

/** The user guide: public, linked from the landing page as 'Documentación'. */
export default function Help() {
  const { signedIn } = useLoaderData<typeof loader>()
  return (
    <div className={signedIn ? '' : 'min-h-screen bg-slate-50'}>
      {signedIn ? null : (
        <header className="bg-primary-dark text-white">
          <div className="mx-auto flex max-w-4xl items-center justify-between px-6 py-4">
            <span className="text-lg font-semibold">Planillas · Documentación</span>
            <Link to="/login" className="rounded px-3 py-2 font-medium underline underline-offset-4">
              Iniciar sesión
            </Link>
          </div>
        </header>
      )}
      <main className="mx-auto flex max-w-4xl flex-col gap-6 px-6 py-8">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Guía de uso</h1>
          <p className="mt-2 text-slate-700">
            Planillas es el back-office de personal y planillas de la empresa: colaboradores, contratos,
            cargas de planillas, abonos y auditoría, con las reglas peruanas (DNI, R.U.C., soles).
          </p>
        </div>

        <Section id="ingreso" title="Iniciar y cerrar sesión">
          <p>
            En la página de inicio pulse <strong>Iniciar sesión</strong>: irá al proveedor de identidad de su
            empresa, ingresará su correo y contraseña, y volverá a la portada. Su sesión se renueva sola
            mientras trabaja.
          </p>
          <p>
            Para salir, abra el menú y pulse <strong>Cerrar sesión</strong>. Si el inicio de sesión falla,
            verá el mensaje en la página de inicio y podrá intentarlo nuevamente.
          </p>
        </Section>

        <Section id="modulos" title="Módulos">
          <dl className="grid gap-3">
            {MODULES.map(([name, text]) => (
              <div key={name}>
                <dt className="font-semibold text-slate-900">{name}</dt>
                <dd>{text}</dd>
              </div>
            ))}
          </dl>
          <p>El menú lateral solo muestra los módulos que sus roles permiten.</p>
        </Section>

        <Section id="listas" title="Listas, filtros y descargas">
          <ul className="list-disc space-y-1 pl-6">
            <li>
              Use el buscador y el botón «Filtrar»; cada filtro aplicado aparece como una etiqueta que puede
              quitar.
            </li>
            <li>
              «Recargar» vuelve a consultar la lista; la dirección de la página guarda los filtros, puede
              compartirla.
            </li>
            <li>«Descargar» genera un Excel con los mismos filtros que está viendo.</li>
            <li>«Cambiar estado» pide confirmación antes de activar o suspender un registro.</li>
            <li>Las fechas se muestran como DD/MM/AAAA y los importes como S/ 1,234.56.</li>
          </ul>
        </Section>

        <Section id="cargas" title="Carga de archivos">
          <p>
            <strong>Carga de planillas</strong>: elija el periodo (AAAAMM), el tipo y un archivo{' '}
            <code>.xlsx</code> (puede descargar la plantilla). Se revisa el archivo al subirlo y luego se
            procesa en segundo plano: la lista muestra el avance. Si alguna fila tiene errores no se guarda
            nada y verá «Errores: N» con el detalle de cada fila.
          </p>
          <p>
            <strong>Cargar abonos</strong>: indique el N° de planilla, la fecha de abono (no posterior a hoy),
            el Excel de pagos y las constancias en PDF (nombradas con el número de documento o de operación).
          </p>
          <p>Límites: 20 MB por Excel, 10 MB por PDF y 200 000 filas por archivo.</p>
        </Section>

        <Section id="bancos" title="Agregar un banco o una caja">
          <p>
            Si una planilla o un colaborador se rechaza con «Código de banco no registrado: 801», ese código
            no está en la lista de bancos. El sistema trae los bancos cuyo código está confirmado y no adivina
            los demás: un código equivocado enviaría el pago a otra entidad.
          </p>
          <ol className="list-decimal space-y-1 pl-6">
            <li>
              Confirme el código con la entidad o con su banco: son los <strong>tres primeros dígitos</strong>{' '}
              del CCI (Código de Cuenta Interbancario) de cualquier cuenta de esa entidad.
            </li>
            <li>
              En <strong>Mantenimiento › Bancos</strong> pulse «Agregar», escriba el Código CCE, el nombre y
              el nombre corto, y guarde. Desde ese momento se acepta en las cargas de planillas, el formulario
              del colaborador y las cuentas de la empresa.
            </li>
            <li>
              El código no se puede cambiar después (es el inicio de los CCI); el nombre sí. Un banco que ya
              no debe usarse se <strong>suspende</strong> (no se borra): deja de ofrecerse y sus cuentas se
              rechazan hasta que se active de nuevo.
            </li>
          </ol>
          <p>Se necesita el permiso bancos_edicion; bancos_lista permite ver la lista.</p>
        </Section>

        <Section id="roles" title="Roles y permisos">
          <p>Cada rol es un permiso. El administrador asigna los roles en el proveedor de identidad.</p>
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">Permisos disponibles</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-2 pr-4">
                  Permiso
                </th>
                <th scope="col" className="py-2">
                  Qué permite
                </th>
              </tr>
            </thead>
            <tbody>
              {ROLES.map(([code, text]) => (
                <tr key={code} className="border-b border-slate-200">
                  <td className="py-2 pr-4 font-mono">{code}</td>
                  <td className="py-2">{text}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>Si abre una página para la que no tiene permiso verá «Acceso denegado».</p>
        </Section>

        <Section id="accesibilidad" title="Sin JavaScript y accesibilidad">
          <p>
            Todas las pantallas funcionan con JavaScript desactivado (los filtros y la paginación son enlaces
            y formularios) y se pueden usar con teclado y lector de pantalla.
          </p>
        </Section>

        <Section id="api" title="API para integraciones">
          <p>
            La API REST (<code>/api/v1</code>) está documentada en formato OpenAPI. Cada llamada necesita un
            token de acceso y el permiso correspondiente.
          </p>
          <p>
            <a href="/api/docs" className="font-medium text-primary-dark underline underline-offset-4">
              Abrir la documentación de la API
            </a>
          </p>
        </Section>
      </main>
    </div>
  )
}

export const ErrorBoundary = RouteErrorBoundary
