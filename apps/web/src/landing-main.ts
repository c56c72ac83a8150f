// The landing page's only script (landing.html): the page itself arrives as HTML rendered when the
// app was built, so this adds what moves and nothing else; the app loads when the reader follows a
// link into it (decision 043).
// Mantine's base styles and those of the five components the page uses, in Mantine's cascade layer:
// the page's own module CSS then wins over them whichever order the files load in, as it does in the
// app, where it loads after them.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { enhanceLanding } from './features/landing/enhance/enhance-landing';

const page = document.querySelector<HTMLElement>('[data-landing-page]');
if (page) enhanceLanding(page);
