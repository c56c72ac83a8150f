import { Link } from 'react-router';
import classes from './shell.module.css';

export function ShellFooter() {
  return (
    <footer className={classes.footer}>
      <div className={classes.footerInner}>
        <span>© {new Date().getFullYear()} Plinth. All rights reserved.</span>
        <span className={classes.footerLinks}>
          <Link to="/privacy">Privacy Policy</Link>
          <Link to="/terms">Terms of Service</Link>
          <Link to="/cookies">Cookie Notice</Link>
        </span>
      </div>
    </footer>
  );
}
