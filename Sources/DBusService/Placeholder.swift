// DBusService
