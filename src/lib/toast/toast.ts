// The one module that imports react-hot-toast's API; features call these.
export { default as toast } from 'react-hot-toast';
