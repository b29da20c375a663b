import { contractActions, contractStatus } from '@planillas/domain'
import { RowLink, StatusAction } from '~/components/list/status-action'

/**
 * The actions a contract's status offers: VIGENTE → Finalizar, Despedir (with a reason);
 * POR VENCER → Renovar (a new contract prefilled from this one) and Finalizar; none afterwards.
 */
export function ContractActions({
  id,
  status,
  name,
}: {
  id: number
  status: number
  /** How the dialog names the contract, e.g. 'CT-2026-000012 — María Quispe Mamani'. */
  name: string
}) {
  return (
    <>
      {contractActions(status).map((action) =>
        action.kind === 'renew' ? (
          <RowLink key={action.kind} to={`/contratos/crear?renovar=${id}`}>
            {action.label}
          </RowLink>
        ) : (
          <StatusAction
            key={action.kind}
            resource="contratos"
            id={id}
            status={action.to}
            label={action.label}
            reason={action.reason}
            detail={`${action.label}: el contrato ${name} pasará de ${contractStatus[status as 1 | 2].label} a ${contractStatus[action.to].label}.`}
          />
        ),
      )}
    </>
  )
}
