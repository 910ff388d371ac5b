import './zod-jitless';
import './theme';
import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { i18n } from './i18n';
import { router } from './router';
import './styles/tokens.css';
import './styles/base.css';
import './styles/print.css';

createApp(App).use(createPinia()).use(router).use(i18n).mount('#app');
