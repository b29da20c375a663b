import { can, EmployeeFilterSchema, MESSAGES, withSelection } from '@planillas/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { OPTION_PERMISSIONS } from '../../auth/option-permissions'
import { ok, routeSchema } from '../../lib/envelope'
import { found } from '../../lib/errors'
import { exportFileName, exportRows, sendWorkbook } from '../../lib/xlsx'
import { listPage } from '../../lists/guard'
import { lookupDni } from './dni-lookup'
import { employeeExportColumns } from './export-columns'
import { shortWordsHint } from './filters'
import { contractHistory, payrollHistory } from './history'
import * as q from './queries'
import { createEmployee, putStatusInStep, updateEmployee } from './service'

const tags = ['employees']
const LIST_DESCRIPTION =
  'Filtros: search (nombre, apellidos o número de documento; cada palabra debe aparecer), status, areaIds, ' +
  'roleIds (cargos), companyId, contractInitiation y contractFinish (rangos de fechas {from, to} sobre el ' +
  'contrato actual (VIGENTE o POR VENCER) del colaborador; sin contrato actual, un rango con algún límite no lo incluye).'

export async function employeeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.post('/list', {
    config: { permission: 'colaboradores_lista' },
    schema: {
      tags,
      description: LIST_DESCRIPTION,
      ...routeSchema('POST /employees/list'),
    },
    handler: async (req) =>
      ok(await q.listEmployees(app.db, req.body ?? {}, listPage(req)), shortWordsHint(req.body?.search)),
  })

  app.get('/', {
    config: { permission: OPTION_PERMISSIONS.colaboradores },
    schema: {
      tags,
      description:
        'Todos los colaboradores (o los que coinciden con search), por apellidos, para listas desplegables.',
      ...routeSchema('GET /employees'),
    },
    handler: async (req) => ok(await q.allEmployees(app.db, req.query.search, req.query.limit)),
  })

  app.get('/dni/:dni', {
    config: { permission: ['colaboradores_lista', 'colaboradores_edicion'] },
    schema: {
      tags,
      description:
        'Nombres y apellidos de un DNI: primero nuestros colaboradores, luego los postulantes, luego el proveedor externo (DNI_LOOKUP_URL).',
      ...routeSchema('GET /employees/dni/:dni'),
    },
    handler: async (req) => {
      const { result, messages } = await lookupDni(app.db, app.config, req.params.dni)
      return ok(result, messages)
    },
  })

  app.get('/:id', {
    config: { permission: ['colaboradores_lista', 'colaboradores_edicion'] },
    schema: { tags, ...routeSchema('GET /employees/:id') },
    handler: async (req) => {
      const employee = found(await q.getEmployee(app.db, req.params.id))
      return ok({ ...employee, currentContract: await q.currentContractOf(app.db, employee.id) })
    },
  })

  app.get('/:id/history', {
    config: { permission: ['colaboradores_lista', 'colaboradores_edicion'] },
    schema: {
      tags,
      description:
        'Historial del colaborador: sus contratos, sus líneas de planilla y los abonos recibidos (líneas pagadas), ' +
        'del más reciente al más antiguo, hasta 50 de cada uno. Las líneas y los abonos solo para quien puede ver las planillas (planillas_lista).',
      ...routeSchema('GET /employees/:id/history'),
    },
    handler: async (req) => {
      const employee = found(await q.getEmployee(app.db, req.params.id))
      const payrollShown = can(req.user.roles, 'planillas_lista')
      const [contracts, payroll] = await Promise.all([
        contractHistory(app.db, employee.id),
        payrollShown ? payrollHistory(app.db, employee.id) : { payrollLines: [], payments: [] },
      ])
      return ok({ contracts, payrollShown, ...payroll })
    },
  })

  app.post('/', {
    config: { permission: 'colaboradores_edicion' },
    schema: { tags, ...routeSchema('POST /employees') },
    handler: async (req) => {
      const id = await createEmployee(app.db, req.user.email, req.body)
      return ok({ id }, [MESSAGES.saved])
    },
  })

  app.put('/:id', {
    config: { permission: 'colaboradores_edicion' },
    schema: { tags, ...routeSchema('PUT /employees/:id') },
    handler: async (req) => {
      await updateEmployee(app.db, req.user.email, req.params.id, req.body)
      return ok({ id: req.params.id }, [MESSAGES.saved])
    },
  })

  app.put('/:id/status', {
    config: { permission: 'colaboradores_edicion' },
    schema: {
      tags,
      ...routeSchema('PUT /employees/:id/status'),
    },
    handler: async (req) => {
      await putStatusInStep(app.db, req.user.email, req.params.id, req.query.status)
      return ok({ id: req.params.id }, [MESSAGES.statusUpdated])
    },
  })

  app.post('/xlsx', {
    config: { permission: 'colaboradores_descarga_excel' },
    schema: { tags, description: LIST_DESCRIPTION, body: withSelection(EmployeeFilterSchema).nullish() },
    handler: async (req, reply) =>
      sendWorkbook(reply, {
        fileName: exportFileName('colaboradores'),
        sheetName: 'Colaboradores',
        rows: exportRows(q.employeeExportBatch(app.db, req.body ?? {}), req.body?.ids),
        columns: employeeExportColumns,
      }),
  })
}
