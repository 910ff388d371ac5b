import './zod-jitless';
import './theme';
import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { installErrorReporting } from './app-errors';
import { i18n } from './i18n';
import { router } from './router';
import './styles/tokens.css';
import './styles/base.css';
import './styles/print.css';

const app = createApp(App).use(createPinia()).use(router).use(i18n);
installErrorReporting(app);
app.mount('#app');
