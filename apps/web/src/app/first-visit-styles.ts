/*
 * Mantine styles for the first visit (the sign-in page keeps within its byte budget, checked by
 * e2e/budget.e2e.test.ts). The full `styles.layer.css` loads with the signed-in shell, app-layout.tsx. Every file
 * is the `.layer.css` variant so Mantine's rules stay in the `mantine` layer, beneath the app's.
 * Components the sign-in page and the loader use, with the ones they are built on (Mantine's
 * "CSS files list": Button needs UnstyledButton, PasswordInput needs Input and ActionIcon).
 */
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Loader.layer.css';
