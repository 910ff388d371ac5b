export default {
  appName: 'Reseller Desk',
  yes: 'Sì',
  no: 'No',
  none: '—',
  loading: 'Caricamento…',
  retry: 'Riprova',
  cancel: 'Annulla',
  close: 'Chiudi',
  save: 'Salva',
  hostReconnecting: "Riconnessione all'app…",
};
