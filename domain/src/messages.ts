/** Messages shared by the API and the web tier. */
export const MESSAGES = {
  generic: 'Ocurrió un error en la petición, por favor intenta nuevamente.',
  authState: 'Hubo un error al autenticar al usuario, por favor intenta nuevamente',
  saved: 'Se almacenó la información correctamente',
  statusUpdated: 'Estado actualizado correctamente',
  /** An upload recorded while the job queue (Redis) is unreachable: a worker starts it when it is back. */
  uploadQueued: 'La carga quedó en cola: se procesará cuando el servicio de colas esté disponible.',
  empty: 'No se encontraron resultados.',
  notFound: 'No se encontró el registro solicitado',
  unauthenticated: 'Su sesión ha expirado, por favor inicie sesión nuevamente',
  forbidden: 'No tiene permiso para realizar esta acción',
  confirmStatusTitle: 'Cambiar estado',
  confirmStatusBody: '¿Está seguro que desea cambiar el estado?',
} as const
