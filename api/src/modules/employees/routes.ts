import { describeChanges, recordAudit } from '@planillas/db'
import { syncEmployeeWithContracts } from '@planillas/db/contract-sync'
import {
  EMPLOYEE_MESSAGES,
  EMPLOYEE_STATUS,
  EmployeeFilterSchema,
  enumLabel,
  identifierType,
  MESSAGES,
} from '@planillas/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { OPTION_PERMISSIONS } from '../../auth/option-permissions'
import { ok, routeSchema } from '../../lib/envelope'
import { badRequest, found } from '../../lib/errors'
import { listPage } from '../../lib/list-guard'
import { exportFileName, inBatches, sendWorkbook } from '../../lib/xlsx'
import { requireActiveBank } from '../banks/queries'
import { AUDIT_LABELS, auditView, confirmationText, employeeLabel, withdrawalText } from './audit-text'
import { resolveVerification } from './bank-verification'
import { withEmployeeConstraints } from './constraint-messages'
import { lookupDni } from './dni-lookup'
import { employeeExportColumns } from './export-columns'
import { shortWordsHint } from './filters'
import * as q from './queries'
import { toEmployeeRow } from './to-row'

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

  app.post('/', {
    config: { permission: 'colaboradores_edicion' },
    schema: { tags, ...routeSchema('POST /employees') },
    handler: async (req) => {
      const actor = req.user.email
      const id = await withEmployeeConstraints(() =>
        app.db.transaction(async (tx) => {
          await requireActiveBank(tx, req.body.bankId)
          // New bank data are unconfirmed until another user confirms them (four eyes, issue 20).
          const { confirmed: _c, withdrawn: _w, ...verification } = resolveVerification(null, req.body, actor)
          const { id } = await q.insertEmployee(tx, {
            ...toEmployeeRow(req.body),
            ...verification,
            createdBy: actor,
          })
          const created = found(await q.getEmployee(tx, id))
          await recordAudit(tx, {
            action: 'CREATE',
            entity: 'employees',
            entityId: id,
            actor,
            description: `Creó el colaborador ${employeeLabel(created)} (${enumLabel(identifierType, created.identifierType)} ${created.identifier})`,
          })
          return id
        }),
      )
      return ok({ id }, [MESSAGES.saved])
    },
  })

  app.put('/:id', {
    config: { permission: 'colaboradores_edicion' },
    schema: { tags, ...routeSchema('PUT /employees/:id') },
    handler: async (req) => {
      const actor = req.user.email
      await withEmployeeConstraints(() =>
        app.db.transaction(async (tx) => {
          const before = found(await q.getEmployee(tx, req.params.id))
          // While a contract is current, the assignment is the contract's (DESIGN §7).
          const contract = await q.currentContractOf(tx, before.id)
          if (
            contract &&
            (contract.companyId !== (req.body.companyId ?? null) ||
              contract.areaId !== (req.body.areaId ?? null) ||
              contract.positionId !== (req.body.positionId ?? null))
          )
            throw badRequest(EMPLOYEE_MESSAGES.assignmentByContract)
          // A bank suspended since it was chosen stays on the record until the bank is changed.
          if (req.body.bankId !== before.bankId) await requireActiveBank(tx, req.body.bankId)
          const { confirmed, withdrawn, ...verification } = resolveVerification(before, req.body, actor)
          await q.updateEmployee(tx, before.id, { ...toEmployeeRow(req.body), ...verification })
          const after = found(await q.getEmployee(tx, before.id))
          const changes = describeChanges(auditView(before), auditView(after), AUDIT_LABELS)
          if (changes !== 'sin cambios') {
            await recordAudit(tx, {
              action: 'UPDATE',
              entity: 'employees',
              entityId: after.id,
              actor,
              description: `Actualizó el colaborador ${employeeLabel(after)}: ${changes}`,
            })
          }
          const bankNote = confirmed ? confirmationText(after) : withdrawn ? withdrawalText(after) : null
          if (bankNote)
            await recordAudit(tx, {
              action: 'UPDATE',
              entity: 'employees',
              entityId: after.id,
              actor,
              description: bankNote,
            })
        }),
      )
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
      await app.db.transaction(async (tx) => {
        const before = found(await q.getEmployee(tx, req.params.id))
        // The status follows the contracts (DESIGN §7): this call can only put it back in step.
        const current = await q.currentContractOf(tx, before.id)
        const status = current ? EMPLOYEE_STATUS.ACTIVE : EMPLOYEE_STATUS.NO_CONTRACT
        if (req.query.status !== status)
          throw badRequest(
            current ? EMPLOYEE_MESSAGES.statusHasContract : EMPLOYEE_MESSAGES.statusNeedsContract,
          )
        await syncEmployeeWithContracts(tx, before.id, req.user.email, 'estado puesto al día a pedido')
      })
      return ok({ id: req.params.id }, [MESSAGES.statusUpdated])
    },
  })

  app.post('/xlsx', {
    config: { permission: 'colaboradores_descarga_excel' },
    schema: { tags, description: LIST_DESCRIPTION, body: EmployeeFilterSchema.nullish() },
    handler: async (req, reply) =>
      sendWorkbook(reply, {
        fileName: exportFileName('colaboradores'),
        sheetName: 'Colaboradores',
        rows: inBatches(q.employeeExportBatch(app.db, req.body ?? {})),
        columns: employeeExportColumns,
      }),
  })
}
