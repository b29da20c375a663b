import { employeeStatus, enumLabel, identifierType } from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import { loadList } from '~/list.server'

export const meta = () => [{ title: 'Colaboradores | Planillas' }]

/** The product page's list call (remix/app/routes/colaboradores/colaboradores._index.tsx) without its catalogues. */
export const loader = ({ request }: LoaderFunctionArgs) => loadList(request, 'colaboradores')

/** The same rows and cells as the product's list, as a plain table. */
export default function BareEmployeeList() {
  const { page, canEdit } = useLoaderData<typeof loader>()
  return (
    <main>
      <h1>Colaboradores</h1>
      <p>{page.totalElements} colaboradores</p>
      <table>
        <thead>
          <tr>
            <th>Código</th>
            <th>Nombres y apellidos</th>
            <th>Empresa</th>
            <th>Área</th>
            <th>Cargo</th>
            <th>Estado</th>
            <th>Acciones</th>
          </tr>
        </thead>
        <tbody>
          {page.content.map((r) => (
            <tr key={r.id}>
              <td>{r.code}</td>
              <td>
                {r.fullName}
                <br />
                {`${enumLabel(identifierType, r.identifierType)} ${r.identifier}`}
              </td>
              <td>{r.companyName ?? '---'}</td>
              <td>{r.areaName ?? '---'}</td>
              <td>{r.positionName ?? '---'}</td>
              <td>{enumLabel(employeeStatus, r.status)}</td>
              <td>
                <a href={`/colaboradores/${r.id}/detalle`}>Ver datos</a>
                {canEdit ? <a href={`/colaboradores/${r.id}`}>Editar</a> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  )
}
