import axios from 'axios';
import { DEFAULT_REQUEST_TIMEOUT } from '@contract/constants';

/** The only axios instance of the app. */
export const http = axios.create({ timeout: DEFAULT_REQUEST_TIMEOUT });
