import { PADRON_KINDS, PADRON_LABEL, PADRON_MESSAGES } from '@planillas/domain'
import type { ActionFunctionArgs } from 'react-router'
import { guardOnlyLoader } from '~/auth.server'
import { FormNote, FormPage } from '~/components/form/form-layout'
import {
  controlClass,
  UploadField,
  UploadForm,
  UploadInput,
  UploadSelect,
  useUploadResult,
} from '~/components/form/upload-form'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { uploadAction } from '~/upload.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Cargar padrón de SUNAT')

export const loader = guardOnlyLoader('padrones_carga')

/** Streams the form to the API, which stores the file as it arrives and queues the load. */
export const action = ({ request }: ActionFunctionArgs) =>
  uploadAction(request, {
    permission: 'padrones_carga',
    path: '/padron-loads',
    successTo: '/padrones',
    message: PADRON_MESSAGES.accepted,
    watch: 'padron',
  })

/** 'Cargar padrón de SUNAT': which padrón, the day it is dated, and SUNAT's ZIP (or its TXT). */
export default function PadronUpload() {
  const { busy, fields, messages } = useUploadResult()
  return (
    <FormPage title="Cargar padrón de SUNAT">
      <FormNote>
        Descargue el padrón de la página de SUNAT y cárguelo tal como viene (el ZIP, o el TXT que contiene).
        El padrón reducido del RUC pesa cientos de MB: la carga sigue en segundo plano y su avance se ve en la
        lista.
      </FormNote>
      <UploadForm errors={messages} cancelTo="/padrones" busy={busy}>
        <UploadSelect
          name="kind"
          label="Padrón"
          options={PADRON_KINDS.map((k) => ({ value: k, label: PADRON_LABEL[k] }))}
          defaultValue={fields.kind}
        />
        <UploadField id="listDate" label="Fecha del padrón (DD/MM/AAAA)">
          <input
            id="listDate"
            name="listDate"
            type="text"
            inputMode="numeric"
            placeholder="Hoy"
            defaultValue={fields.listDate ?? ''}
            className={controlClass}
          />
        </UploadField>
        <UploadInput
          name="file"
          type="file"
          label="Archivo (.zip o .txt)"
          required
          help="Un solo archivo de hasta 600 MB."
          accept=".zip,.txt,application/zip,text/plain"
        />
      </UploadForm>
    </FormPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
