<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>FileImport</name>
    <message numerus="yes">
        <source>%n baseline(s) added</source>
        <translation>
            <numerusform>%n Baseline hinzugefügt</numerusform>
            <numerusform>%n Baselines hinzugefügt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) added</source>
        <translation>
            <numerusform>%n Lauf hinzugefügt</numerusform>
            <numerusform>%n Läufe hinzugefügt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) imported: %1</source>
        <translation>
            <numerusform>%n Datei importiert: %1</numerusform>
            <numerusform>%n Dateien importiert: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n already in the database</source>
        <translation>
            <numerusform>, %n schon in der Datenbank</numerusform>
            <numerusform>, %n schon in der Datenbank</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (nothing imported from this file)</source>
        <translation>%1 (aus dieser Datei nichts importiert)</translation>
    </message>
    <message>
        <source>%1: %2 (nothing imported from this file)</source>
        <translation>%1: %2 (aus dieser Datei nichts importiert)</translation>
    </message>
    <message>
        <source>Results and logs (*.txt *.log *.json *.csv *.gz);;All files (*)</source>
        <translation>Ergebnisse und Logs (*.txt *.log *.json *.csv *.gz);;Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Series</source>
        <translation>Reihe</translation>
    </message>
    <message>
        <source>x axis</source>
        <translation>x-Achse</translation>
    </message>
    <message>
        <source>x</source>
        <translation>x</translation>
    </message>
    <message>
        <source>y axis</source>
        <translation>y-Achse</translation>
    </message>
    <message>
        <source>y</source>
        <translation>y</translation>
    </message>
    <message>
        <source>(unnamed)</source>
        <translation>(ohne Namen)</translation>
    </message>
    <message>
        <source>%1 — as a table</source>
        <translation>%1 — als Tabelle</translation>
    </message>
    <message>
        <source>Chart</source>
        <translation>Diagramm</translation>
    </message>
    <message>
        <source>Show as table</source>
        <translation>Als Tabelle zeigen</translation>
    </message>
    <message>
        <source>Local agent %1 (protocol %2) on %3</source>
        <translation>Lokaler Agent %1 (Protokoll %2) auf %3</translation>
    </message>
    <message>
        <source>Local agent unavailable</source>
        <translation>Lokaler Agent nicht verfügbar</translation>
    </message>
    <message>
        <source>Import results</source>
        <translation>Ergebnisse importieren</translation>
    </message>
    <message>
        <source>Imported %1</source>
        <translation>%1 importiert</translation>
    </message>
    <message>
        <source>Connect to shared database</source>
        <translation>Mit gemeinsamer Datenbank verbinden</translation>
    </message>
    <message>
        <source>PostgreSQL URL (postgresql://USER@HOST:PORT/DBNAME, TLS options such as ?sslmode=verify-full are passed on). The password comes from ~/.pgpass, the keychain or a prompt; it is never saved in the settings.</source>
        <translation>PostgreSQL-URL (postgresql://USER@HOST:PORT/DBNAME; TLS-Optionen wie ?sslmode=verify-full werden weitergegeben). Das Passwort kommt aus ~/.pgpass, dem Schlüsselbund oder einer Abfrage; es wird nie in den Einstellungen gespeichert.</translation>
    </message>
    <message>
        <source>Cannot watch for run notices: %1</source>
        <translation>Lauf-Meldungen können nicht beobachtet werden: %1</translation>
    </message>
    <message>
        <source>New results from another user in %1</source>
        <translation>Neue Ergebnisse eines anderen Benutzers in %1</translation>
    </message>
    <message>
        <source>Results database: %1</source>
        <translation>Ergebnisdatenbank: %1</translation>
    </message>
    <message>
        <source>Shared database</source>
        <translation>Gemeinsame Datenbank</translation>
    </message>
    <message>
        <source>Keep the password for %1 in the system keychain, so Wirebench does not ask again? (It is never written to the settings.)</source>
        <translation>Das Passwort für %1 im Schlüsselbund des Systems aufbewahren, damit Wirebench nicht erneut fragt? (Es wird nie in die Einstellungen geschrieben.)</translation>
    </message>
    <message>
        <source>%1

Password:</source>
        <translation>%1

Passwort:</translation>
    </message>
    <message>
        <source>%1

No results database is open: plans will not start. Connect again with File &gt; Connect to shared database…, or open a local database file.</source>
        <translation>%1

Keine Ergebnisdatenbank geöffnet: Pläne starten nicht. Verbinden Sie sich erneut mit Datei &gt; Mit gemeinsamer Datenbank verbinden… oder öffnen Sie eine lokale Datenbankdatei.</translation>
    </message>
    <message>
        <source>%1

Results still go to %2.</source>
        <translation>%1

Ergebnisse gehen weiterhin nach %2.</translation>
    </message>
    <message>
        <source>No results database open (the shared database is unavailable).</source>
        <translation>Keine Ergebnisdatenbank geöffnet (die gemeinsame Datenbank ist nicht verfügbar).</translation>
    </message>
    <message>
        <source>Results database</source>
        <translation>Ergebnisdatenbank</translation>
    </message>
    <message>
        <source>Could not open the results database %1:
%2

Close other programs using it, then restart Wirebench.</source>
        <translation>Die Ergebnisdatenbank %1 konnte nicht geöffnet werden:
%2

Schließen Sie andere Programme, die sie benutzen, und starten Sie Wirebench neu.</translation>
    </message>
    <message>
        <source>The results database %1 cannot be used:
%2

The file is left as it is. Open another database, or create a new one (in another file).</source>
        <translation>Die Ergebnisdatenbank %1 ist nicht benutzbar:
%2

Die Datei bleibt unverändert. Öffnen Sie eine andere Datenbank oder legen Sie eine neue an (in einer anderen Datei).</translation>
    </message>
    <message>
        <source>Open another…</source>
        <translation>Andere öffnen…</translation>
    </message>
    <message>
        <source>Create new…</source>
        <translation>Neu anlegen…</translation>
    </message>
    <message>
        <source>No results database open: results cannot be stored or shown. Choose one with File &gt; Open results database…</source>
        <translation>Keine Ergebnisdatenbank geöffnet: Ergebnisse können weder gespeichert noch gezeigt werden. Wählen Sie eine mit Datei &gt; Ergebnisdatenbank öffnen…</translation>
    </message>
    <message>
        <source>New results database — it becomes the default</source>
        <translation>Neue Ergebnisdatenbank — sie wird zur Voreinstellung</translation>
    </message>
    <message>
        <source>Wirebench databases (*.sqlite)</source>
        <translation>Wirebench-Datenbanken (*.sqlite)</translation>
    </message>
    <message>
        <source>Open results database — it becomes the default</source>
        <translation>Ergebnisdatenbank öffnen — sie wird zur Voreinstellung</translation>
    </message>
    <message>
        <source>Wirebench databases (*.sqlite *.db);;All files (*)</source>
        <translation>Wirebench-Datenbanken (*.sqlite *.db);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>&amp;Open results database (becomes the default)…</source>
        <translation>Ergebnisdatenbank ö&amp;ffnen (wird zur Voreinstellung)…</translation>
    </message>
    <message>
        <source>Open another results database; it stays the one Wirebench opens at its next start</source>
        <translation>Eine andere Ergebnisdatenbank öffnen; Wirebench öffnet sie auch beim nächsten Start</translation>
    </message>
    <message>
        <source>&amp;New results database (becomes the default)…</source>
        <translation>&amp;Neue Ergebnisdatenbank (wird zur Voreinstellung)…</translation>
    </message>
    <message>
        <source>Create an empty results database; it stays the one Wirebench opens at its next start</source>
        <translation>Eine leere Ergebnisdatenbank anlegen; Wirebench öffnet sie auch beim nächsten Start</translation>
    </message>
    <message>
        <source>Connect to &amp;shared database…</source>
        <translation>Mit &amp;gemeinsamer Datenbank verbinden…</translation>
    </message>
    <message>
        <source>Keep shared-database passwords in the system &amp;keychain</source>
        <translation>Passwörter gemeinsamer Datenbanken im &amp;Schlüsselbund des Systems aufbewahren</translation>
    </message>
    <message>
        <source>Unknown host key</source>
        <translation>Unbekannter Host-Schlüssel</translation>
    </message>
    <message>
        <source>The SSH server of %1 (%2) is not known yet. Its %3 key has the fingerprint

%4

Compare it with the host&apos;s own (ssh-keygen -lf on its host key) before you trust it.</source>
        <translation>Der SSH-Server von %1 (%2) ist noch nicht bekannt. Sein %3-Schlüssel hat den Fingerabdruck

%4

Vergleichen Sie ihn mit dem des Hosts selbst (ssh-keygen -lf auf seinen Host-Schlüssel), bevor Sie ihm vertrauen.</translation>
    </message>
    <message>
        <source>Trust and remember</source>
        <translation>Vertrauen und merken</translation>
    </message>
    <message>
        <source>Trust this time</source>
        <translation>Diesmal vertrauen</translation>
    </message>
    <message>
        <source>Refuse</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <source>Password for %1:</source>
        <translation>Passwort für %1:</translation>
    </message>
    <message>
        <source>%1 refused the password stored in %2; it has been removed.</source>
        <translation>%1 hat das in %2 gespeicherte Passwort abgelehnt; es wurde entfernt.</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>Passwort</translation>
    </message>
    <message>
        <source>Key passphrase</source>
        <translation>Passphrase des Schlüssels</translation>
    </message>
    <message>
        <source>Secret for %1:</source>
        <translation>Geheimnis für %1:</translation>
    </message>
    <message>
        <source>The port is a whole number (1, 2, …); leave it empty when not recorded.</source>
        <translation>Der Port ist eine ganze Zahl (1, 2, …); leer lassen, wenn nicht erfasst.</translation>
    </message>
    <message>
        <source>Hosts</source>
        <translation>Hosts</translation>
    </message>
    <message>
        <source>NICs</source>
        <translation>NICs</translation>
    </message>
    <message>
        <source>Switches/hubs</source>
        <translation>Switches/Hubs</translation>
    </message>
    <message>
        <source>Cables</source>
        <translation>Kabel</translation>
    </message>
    <message>
        <source>Links</source>
        <translation>Links</translation>
    </message>
    <message>
        <source>Uplinks</source>
        <translation>Uplinks</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Address (data)</source>
        <translation>Adresse (Daten)</translation>
    </message>
    <message>
        <source>SSH address (management)</source>
        <translation>SSH-Adresse (Verwaltung)</translation>
    </message>
    <message>
        <source>SSH user</source>
        <translation>SSH-Benutzer</translation>
    </message>
    <message>
        <source>SSH port</source>
        <translation>SSH-Port</translation>
    </message>
    <message>
        <source>Identity file (SSH key)</source>
        <translation>Identitätsdatei (SSH-Schlüssel)</translation>
    </message>
    <message>
        <source>Jump host (ProxyJump)</source>
        <translation>Sprung-Host (ProxyJump)</translation>
    </message>
    <message>
        <source>Data ports (min-max)</source>
        <translation>Datenports (min-max)</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>OS</source>
        <translation>Betriebssystem</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Notizen</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>Interface</source>
        <translation>Schnittstelle</translation>
    </message>
    <message>
        <source>Vendor</source>
        <translation>Hersteller</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Driver</source>
        <translation>Treiber</translation>
    </message>
    <message>
        <source>Driver version</source>
        <translation>Treiberversion</translation>
    </message>
    <message>
        <source>MAC</source>
        <translation>MAC</translation>
    </message>
    <message>
        <source>Speed (Mbit/s)</source>
        <translation>Geschwindigkeit (Mbit/s)</translation>
    </message>
    <message>
        <source>Duplex</source>
        <translation>Duplex</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Ports</source>
        <translation>Ports</translation>
    </message>
    <message>
        <source>Rated latency (µs)</source>
        <translation>Nennlatenz (µs)</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Beschriftung</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Kategorie</translation>
    </message>
    <message>
        <source>Length (m)</source>
        <translation>Länge (m)</translation>
    </message>
    <message>
        <source>NIC</source>
        <translation>NIC</translation>
    </message>
    <message>
        <source>Cable</source>
        <translation>Kabel</translation>
    </message>
    <message>
        <source>Switch</source>
        <translation>Switch</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>Port</translation>
    </message>
    <message>
        <source>Peer NIC (crossover)</source>
        <translation>Gegen-NIC (Crossover)</translation>
    </message>
    <message>
        <source>Peer switch</source>
        <translation>Gegen-Switch</translation>
    </message>
    <message>
        <source>Peer port</source>
        <translation>Gegen-Port</translation>
    </message>
    <message>
        <source>Where test traffic reaches this host (its data network). Empty: the name.</source>
        <translation>Wo der Testverkehr diesen Host erreicht (sein Datennetz). Leer: der Name.</translation>
    </message>
    <message>
        <source>The management address SSH connects to, when it is not the data address. Empty: the address (or ~/.ssh/config).</source>
        <translation>Die Verwaltungsadresse, zu der SSH verbindet, wenn sie nicht die Datenadresse ist. Leer: die Adresse (oder ~/.ssh/config).</translation>
    </message>
    <message>
        <source>The path of the SSH identity file, e.g. ~/.ssh/id_ed25519 (never the key itself). Empty: the SSH agent or ~/.ssh/config.</source>
        <translation>Der Pfad der SSH-Identitätsdatei, z. B. ~/.ssh/id_ed25519 (nie der Schlüssel selbst). Leer: der SSH-Agent oder ~/.ssh/config.</translation>
    </message>
    <message>
        <source>One ProxyJump hop, [user@]host[:port], e.g. lab@bastion:2222. Empty: none (or ~/.ssh/config). Several hops go in ~/.ssh/config.</source>
        <translation>Ein ProxyJump-Sprung, [user@]host[:port], z. B. lab@bastion:2222. Leer: keiner (oder ~/.ssh/config). Mehrere Sprünge gehören in ~/.ssh/config.</translation>
    </message>
    <message>
        <source>The ports the agent listens on for tests, e.g. 5201-5299 for a lab firewall. Empty: any free port.</source>
        <translation>Die Ports, auf denen der Agent für Tests lauscht, z. B. 5201-5299 für eine Labor-Firewall. Leer: ein beliebiger freier Port.</translation>
    </message>
    <message>
        <source>full or half; empty when not known. Discover fills it from the link.</source>
        <translation>full oder half; leer, wenn unbekannt. Erkennen füllt es aus dem Link.</translation>
    </message>
    <message>
        <source>The switch port the cable is plugged into; empty when not recorded.</source>
        <translation>Der Switch-Port, in dem das Kabel steckt; leer, wenn nicht erfasst.</translation>
    </message>
    <message>
        <source>%1: there is no cable &apos;%2&apos;. Enter a label from the Cables table (add the cable there first).</source>
        <translation>%1: Es gibt kein Kabel „%2“. Geben Sie eine Beschriftung aus der Tabelle Kabel ein (legen Sie das Kabel dort zuerst an).</translation>
    </message>
    <message>
        <source>%1: cable %2 is already used by %3. A cable is in one link or uplink; pick another cable.</source>
        <translation>%1: Kabel %2 wird schon von %3 benutzt. Ein Kabel gehört zu einem Link oder Uplink; wählen Sie ein anderes Kabel.</translation>
    </message>
    <message>
        <source>%1: switch %2 has ports 1 to %3; enter one of them (or leave the port empty).</source>
        <translation>%1: Switch %2 hat die Ports 1 bis %3; geben Sie einen davon ein (oder lassen Sie den Port leer).</translation>
    </message>
    <message>
        <source>%1: port %2 of switch %3 is already used by %4. Pick a free port.</source>
        <translation>%1: Port %2 von Switch %3 wird schon von %4 benutzt. Wählen Sie einen freien Port.</translation>
    </message>
    <message>
        <source>Link %1 (%2)</source>
        <translation>Link %1 (%2)</translation>
    </message>
    <message>
        <source>link %1</source>
        <translation>Link %1</translation>
    </message>
    <message>
        <source>%1: there is no NIC &apos;%2&apos;. Enter a NIC as host/interface from the NICs table.</source>
        <translation>%1: Es gibt keine NIC „%2“. Geben Sie eine NIC als Host/Schnittstelle aus der Tabelle NICs ein.</translation>
    </message>
    <message>
        <source>%1: NIC %2 is already in link %3. A NIC has one link; change or remove the other link first.</source>
        <translation>%1: NIC %2 ist schon in Link %3. Eine NIC hat einen Link; ändern oder entfernen Sie zuerst den anderen Link.</translation>
    </message>
    <message>
        <source>%1: a link goes to a switch or to a peer NIC (crossover), not both. Clear one of them.</source>
        <translation>%1: Ein Link führt zu einem Switch oder zu einer Gegen-NIC (Crossover), nicht zu beiden. Leeren Sie eines davon.</translation>
    </message>
    <message>
        <source>%1: there is no switch &apos;%2&apos;. Enter a name from the Switches table.</source>
        <translation>%1: Es gibt keinen Switch „%2“. Geben Sie einen Namen aus der Tabelle Switches ein.</translation>
    </message>
    <message>
        <source>%1: enter the switch the cable goes to, or the peer NIC of a crossover cable.</source>
        <translation>%1: Geben Sie den Switch ein, zu dem das Kabel führt, oder die Gegen-NIC eines Crossover-Kabels.</translation>
    </message>
    <message>
        <source>%1: there is no peer NIC &apos;%2&apos;. Enter a NIC as host/interface.</source>
        <translation>%1: Es gibt keine Gegen-NIC „%2“. Geben Sie eine NIC als Host/Schnittstelle ein.</translation>
    </message>
    <message>
        <source>%1: a NIC cannot be cabled to itself. Enter the other end&apos;s NIC.</source>
        <translation>%1: Eine NIC kann nicht mit sich selbst verkabelt werden. Geben Sie die NIC am anderen Ende ein.</translation>
    </message>
    <message>
        <source>%1: NIC %2 is already in link %3. A NIC has one link.</source>
        <translation>%1: NIC %2 ist schon in Link %3. Eine NIC hat einen Link.</translation>
    </message>
    <message>
        <source>Uplink %1 (%2)</source>
        <translation>Uplink %1 (%2)</translation>
    </message>
    <message>
        <source>uplink %1</source>
        <translation>Uplink %1</translation>
    </message>
    <message>
        <source>%1: switch %2 is at both ends. An uplink joins two different switches; enter another peer switch.</source>
        <translation>%1: Switch %2 ist an beiden Enden. Ein Uplink verbindet zwei verschiedene Switches; geben Sie einen anderen Gegen-Switch ein.</translation>
    </message>
    <message>
        <source>%1: there is no switch &apos;%2&apos;. Enter a name from the Switches/hubs table.</source>
        <translation>%1: Es gibt keinen Switch „%2“. Geben Sie einen Namen aus der Tabelle Switches/Hubs ein.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a port range. Enter the data ports as min-max, e.g. 5201-5299, or one port; leave it empty for any free port.</source>
        <translation>„%1“ ist kein Portbereich. Geben Sie die Datenports als min-max ein, z. B. 5201-5299, oder einen Port; leer lassen für einen beliebigen freien Port.</translation>
    </message>
    <message>
        <source>Data ports are whole numbers from 1 to 65535; &apos;%1&apos; is outside that. Enter e.g. 5201-5299.</source>
        <translation>Datenports sind ganze Zahlen von 1 bis 65535; „%1“ liegt außerhalb. Geben Sie z. B. 5201-5299 ein.</translation>
    </message>
    <message>
        <source>The data ports %1-%2 run backwards: the first port must be at most the last. Enter %2-%1.</source>
        <translation>Die Datenports %1-%2 laufen rückwärts: Der erste Port darf höchstens der letzte sein. Geben Sie %2-%1 ein.</translation>
    </message>
    <message>
        <source>No such cell.</source>
        <translation>Diese Zelle gibt es nicht.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid host name. Use letters, digits, &apos;-&apos; and &apos;.&apos;, e.g. &quot;adam&quot; or &quot;lab-pc3&quot;.</source>
        <translation>„%1“ ist kein gültiger Hostname. Verwenden Sie Buchstaben, Ziffern, „-“ und „.“, z. B. &quot;adam&quot; oder &quot;lab-pc3&quot;.</translation>
    </message>
    <message>
        <source>There is already a host &apos;%1&apos;. Host names are unique; choose another.</source>
        <translation>Es gibt schon einen Host „%1“. Hostnamen sind eindeutig; wählen Sie einen anderen.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is neither an IP address nor a host name. Enter e.g. 192.0.2.10, 2001:db8::10 or adam.lab.example.</source>
        <translation>„%1“ ist weder eine IP-Adresse noch ein Hostname. Geben Sie z. B. 192.0.2.10, 2001:db8::10 oder adam.lab.example ein.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is neither an IP address nor a host name. Enter the management address SSH connects to, e.g. 198.51.100.20 or adam-mgmt.lab.example, or leave it empty to use the address.</source>
        <translation>„%1“ ist weder eine IP-Adresse noch ein Hostname. Geben Sie die Verwaltungsadresse ein, zu der SSH verbindet, z. B. 198.51.100.20 oder adam-mgmt.lab.example, oder lassen Sie das Feld leer, um die Adresse zu verwenden.</translation>
    </message>
    <message>
        <source>The SSH port must be a whole number from 1 to 65535 (usually 22).</source>
        <translation>Der SSH-Port muss eine ganze Zahl von 1 bis 65535 sein (meist 22).</translation>
    </message>
    <message>
        <source>Enter the path of the identity file, e.g. ~/.ssh/id_ed25519, not the key itself.</source>
        <translation>Geben Sie den Pfad der Identitätsdatei ein, z. B. ~/.ssh/id_ed25519, nicht den Schlüssel selbst.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not one jump host. Enter [user@]host[:port], e.g. bastion, lab@192.0.2.254 or lab@bastion:2222, or leave it empty; several hops go in ~/.ssh/config.</source>
        <translation>„%1“ ist kein einzelner Sprung-Host. Geben Sie [user@]host[:port] ein, z. B. bastion, lab@192.0.2.254 oder lab@bastion:2222, oder lassen Sie das Feld leer; mehrere Sprünge gehören in ~/.ssh/config.</translation>
    </message>
    <message>
        <source>There is no host &apos;%1&apos;. Enter a name from the Hosts table (add the host there first).</source>
        <translation>Es gibt keinen Host „%1“. Geben Sie einen Namen aus der Tabelle Hosts ein (legen Sie den Host dort zuerst an).</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not an interface name. Use up to 15 letters, digits or . _ : @ - (not starting with &apos;-&apos;), e.g. eth0.</source>
        <translation>„%1“ ist kein Schnittstellenname. Verwenden Sie bis zu 15 Buchstaben, Ziffern oder . _ : @ - (nicht mit „-“ am Anfang), z. B. eth0.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a MAC address. Enter six hex pairs like 00:a0:c9:12:34:56, or leave it empty.</source>
        <translation>„%1“ ist keine MAC-Adresse. Geben Sie sechs Hex-Paare wie 00:a0:c9:12:34:56 ein oder lassen Sie das Feld leer.</translation>
    </message>
    <message>
        <source>The speed is in Mbit/s, from 0 to 10000000 (e.g. 100 for Fast Ethernet); leave it empty when unknown.</source>
        <translation>Die Geschwindigkeit ist in Mbit/s, von 0 bis 10000000 (z. B. 100 für Fast Ethernet); leer lassen, wenn unbekannt.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a duplex. Enter full or half, or leave it empty when not known.</source>
        <translation>„%1“ ist kein Duplex-Modus. Geben Sie full oder half ein oder lassen Sie das Feld leer, wenn unbekannt.</translation>
    </message>
    <message>
        <source>Host %1 already has an interface %2. Interface names are unique per host; choose another.</source>
        <translation>Host %1 hat schon eine Schnittstelle %2. Schnittstellennamen sind je Host eindeutig; wählen Sie einen anderen.</translation>
    </message>
    <message>
        <source>A switch needs a name, e.g. fs108-a.</source>
        <translation>Ein Switch braucht einen Namen, z. B. fs108-a.</translation>
    </message>
    <message>
        <source>There is already a switch &apos;%1&apos;. Switch names are unique; choose another.</source>
        <translation>Es gibt schon einen Switch „%1“. Switch-Namen sind eindeutig; wählen Sie einen anderen.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a switch kind. Enter hub, store-and-forward, cut-through or unknown.</source>
        <translation>„%1“ ist keine Switch-Art. Geben Sie hub, store-and-forward, cut-through oder unknown ein.</translation>
    </message>
    <message>
        <source>Ports must be a whole number from 0 to 1024 (0 = not recorded).</source>
        <translation>Ports müssen eine ganze Zahl von 0 bis 1024 sein (0 = nicht erfasst).</translation>
    </message>
    <message>
        <source>The rated latency is in microseconds, from 0 to 1000000; leave it empty when the data sheet does not say.</source>
        <translation>Die Nennlatenz ist in Mikrosekunden, von 0 bis 1000000; leer lassen, wenn das Datenblatt nichts sagt.</translation>
    </message>
    <message>
        <source>A cable needs a label, e.g. C7 (what is written on it).</source>
        <translation>Ein Kabel braucht eine Beschriftung, z. B. C7 (was darauf steht).</translation>
    </message>
    <message>
        <source>There is already a cable &apos;%1&apos;. Cable labels are unique; choose another.</source>
        <translation>Es gibt schon ein Kabel „%1“. Kabelbeschriftungen sind eindeutig; wählen Sie eine andere.</translation>
    </message>
    <message>
        <source>The cable length is in metres, from 0 to %1 (e.g. 1 or 65); leave it empty when unknown.</source>
        <translation>Die Kabellänge ist in Metern, von 0 bis %1 (z. B. 1 oder 65); leer lassen, wenn unbekannt.</translation>
    </message>
    <message>
        <source>A NIC belongs to a host: add a host on the Hosts tab first.</source>
        <translation>Eine NIC gehört zu einem Host: Legen Sie zuerst auf dem Reiter Hosts einen Host an.</translation>
    </message>
    <message>
        <source>Every NIC has a link already. Add a NIC on the NICs tab first.</source>
        <translation>Jede NIC hat schon einen Link. Legen Sie zuerst auf dem Reiter NICs eine NIC an.</translation>
    </message>
    <message>
        <source>Every cable is in a link or uplink already. Add a cable on the Cables tab first.</source>
        <translation>Jedes Kabel ist schon in einem Link oder Uplink. Legen Sie zuerst auf dem Reiter Kabel ein Kabel an.</translation>
    </message>
    <message>
        <source>A link goes to a switch (or a crossover peer NIC): add a switch on the Switches tab first.</source>
        <translation>Ein Link führt zu einem Switch (oder einer Crossover-Gegen-NIC): Legen Sie zuerst auf dem Reiter Switches einen Switch an.</translation>
    </message>
    <message>
        <source>An uplink is a cable between two switches: add a second switch on the Switches/hubs tab first.</source>
        <translation>Ein Uplink ist ein Kabel zwischen zwei Switches: Legen Sie zuerst auf dem Reiter Switches/Hubs einen zweiten Switch an.</translation>
    </message>
    <message>
        <source>link of %1</source>
        <translation>Link von %1</translation>
    </message>
    <message>
        <source>uplink on cable %1</source>
        <translation>Uplink auf Kabel %1</translation>
    </message>
    <message>
        <source> (the lab was not saved; fix it and save again)</source>
        <translation> (das Labor wurde nicht gespeichert; beheben Sie den Fehler und speichern Sie erneut)</translation>
    </message>
    <message>
        <source>Saved to the database: %1 added, %2 updated, %3 unchanged, %4 removed.</source>
        <translation>In der Datenbank gespeichert: %1 hinzugefügt, %2 geändert, %3 unverändert, %4 entfernt.</translation>
    </message>
    <message>
        <source> Kept because stored results refer to them (delete those runs first to remove them): %1.</source>
        <translation> Behalten, weil gespeicherte Ergebnisse darauf verweisen (löschen Sie zuerst diese Läufe, um sie zu entfernen): %1.</translation>
    </message>
    <message>
        <source>

Fix the lab file (see docs/lab-format.md) and open it again.</source>
        <translation>

Korrigieren Sie die Labordatei (siehe docs/lab-format.md) und öffnen Sie sie erneut.</translation>
    </message>
    <message>
        <source>

Choose another file or folder.</source>
        <translation>

Wählen Sie eine andere Datei oder einen anderen Ordner.</translation>
    </message>
    <message>
        <source>Exported the lab to %1.</source>
        <translation>Labor nach %1 exportiert.</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1: %2 → %3</source>
        <translation>%1: %2 → %3</translation>
    </message>
    <message>
        <source>switch</source>
        <translation>Switch</translation>
    </message>
    <message>
        <source>cable</source>
        <translation>Kabel</translation>
    </message>
    <message>
        <source>host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>Hosts of the inventory and of this plan</source>
        <translation>Hosts des Inventars und dieses Plans</translation>
    </message>
    <message>
        <source>NIC (optional)</source>
        <translation>NIC (optional)</translation>
    </message>
    <message>
        <source>cannot write %1: %2; choose another folder</source>
        <translation>%1 kann nicht geschrieben werden: %2; wählen Sie einen anderen Ordner</translation>
    </message>
    <message>
        <source>(not recorded)</source>
        <translation>(nicht erfasst)</translation>
    </message>
    <message>
        <source>%1 duplex</source>
        <translation>%1-Duplex</translation>
    </message>
    <message>
        <source>on: %1</source>
        <translation>ein: %1</translation>
    </message>
    <message>
        <source>off: %1</source>
        <translation>aus: %1</translation>
    </message>
    <message>
        <source>%1 m cable</source>
        <translation>%1-m-Kabel</translation>
    </message>
    <message>
        <source>Machine name</source>
        <translation>Rechnername</translation>
    </message>
    <message>
        <source>Link</source>
        <translation>Link</translation>
    </message>
    <message>
        <source>MTU</source>
        <translation>MTU</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>Pfad</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>Kernel build</source>
        <translation>Kernel-Build</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n CPUs)</source>
        <translation>
            <numerusform>%1 (%n CPU)</numerusform>
            <numerusform>%1 (%n CPUs)</numerusform>
        </translation>
    </message>
    <message>
        <source>unknown model</source>
        <translation>unbekanntes Modell</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>Architektur</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>Offloads</source>
        <translation>Offloads</translation>
    </message>
    <message>
        <source>MAC address</source>
        <translation>MAC-Adresse</translation>
    </message>
    <message>
        <source>not reported by this end</source>
        <translation>von diesem Ende nicht gemeldet</translation>
    </message>
    <message>
        <source>loopback</source>
        <translation>Loopback</translation>
    </message>
    <message>
        <source>~%1 min %2 s left</source>
        <translation>noch ~%1 min %2 s</translation>
    </message>
    <message>
        <source>~%1 s left</source>
        <translation>noch ~%1 s</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>system default</source>
        <translation>Systemvorgabe</translation>
    </message>
    <message>
        <source>unlimited</source>
        <translation>unbegrenzt</translation>
    </message>
    <message>
        <source>send size</source>
        <translation>Sendegröße</translation>
    </message>
    <message>
        <source>buffers</source>
        <translation>Puffer</translation>
    </message>
    <message>
        <source>heavy loss</source>
        <translation>hoher Verlust</translation>
    </message>
    <message>
        <source>heavy loss: %1 % did not arrive</source>
        <translation>hoher Verlust: %1 % sind nicht angekommen</translation>
    </message>
    <message>
        <source>Time (s)</source>
        <translation>Zeit (s)</translation>
    </message>
    <message>
        <source>Samples over time</source>
        <translation>Messwerte über die Zeit</translation>
    </message>
    <message>
        <source>A line per test or side: the key metric sampled during the test, time in seconds from the test&apos;s start.</source>
        <translation>Eine Linie je Test oder Seite: die Kennzahl während des Tests, Zeit in Sekunden ab Teststart.</translation>
    </message>
    <message>
        <source>UDP_STREAM 1/64/1472 bytes, 64 KiB buffers</source>
        <translation>UDP_STREAM 1/64/1472 Byte, 64-KiB-Puffer</translation>
    </message>
    <message>
        <source>UDP_STREAM 1 byte, 64 KiB buffers</source>
        <translation>UDP_STREAM 1 Byte, 64-KiB-Puffer</translation>
    </message>
    <message>
        <source>UDP_STREAM 64 bytes, 64 KiB buffers</source>
        <translation>UDP_STREAM 64 Byte, 64-KiB-Puffer</translation>
    </message>
    <message>
        <source>UDP_STREAM 1472 bytes, 64 KiB buffers</source>
        <translation>UDP_STREAM 1472 Byte, 64-KiB-Puffer</translation>
    </message>
    <message>
        <source>TCP_RR 1/1</source>
        <translation>TCP_RR 1/1</translation>
    </message>
    <message>
        <source>TCP_CRR 1/1: a new connection per transaction</source>
        <translation>TCP_CRR 1/1: neue Verbindung je Transaktion</translation>
    </message>
    <message>
        <source>FTP 12 MB file to file</source>
        <translation>FTP 12-MB-Datei von Datei zu Datei</translation>
    </message>
    <message>
        <source>FTP 12 MB file to /dev/null</source>
        <translation>FTP 12-MB-Datei nach /dev/null</translation>
    </message>
    <message>
        <source>pktgen-style 60 byte frames</source>
        <translation>pktgen-artig, 60-Byte-Frames</translation>
    </message>
    <message>
        <source>pktgen-style 1514 byte frames</source>
        <translation>pktgen-artig, 1514-Byte-Frames</translation>
    </message>
    <message>
        <source>Soak: 60 byte frames flat out one way, 1 kpps back</source>
        <translation>Dauertest: 60-Byte-Frames Volllast hin, 1 kpps zurück</translation>
    </message>
    <message>
        <source>message</source>
        <translation>Nachricht</translation>
    </message>
    <message>
        <source>request</source>
        <translation>Anfrage</translation>
    </message>
    <message>
        <source>response</source>
        <translation>Antwort</translation>
    </message>
    <message>
        <source>file</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>frame</source>
        <translation>Frame</translation>
    </message>
    <message>
        <source>sink</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>fsync</source>
        <translation>fsync</translation>
    </message>
    <message>
        <source>direct I/O</source>
        <translation>Direkt-I/O</translation>
    </message>
    <message>
        <source>direction</source>
        <translation>Richtung</translation>
    </message>
    <message>
        <source>send buffer</source>
        <translation>Sendepuffer</translation>
    </message>
    <message>
        <source>receive buffer</source>
        <translation>Empfangspuffer</translation>
    </message>
    <message>
        <source>rate</source>
        <translation>Rate</translation>
    </message>
    <message>
        <source>streams</source>
        <translation>Streams</translation>
    </message>
    <message>
        <source>congestion control</source>
        <translation>Staukontrolle</translation>
    </message>
    <message>
        <source>MSS</source>
        <translation>MSS</translation>
    </message>
    <message>
        <source>TCP_NODELAY</source>
        <translation>TCP_NODELAY</translation>
    </message>
    <message>
        <source>TOS</source>
        <translation>TOS</translation>
    </message>
    <message>
        <source>busy-poll time</source>
        <translation>Busy-Poll-Zeit</translation>
    </message>
    <message>
        <source>bit rate</source>
        <translation>Bitrate</translation>
    </message>
    <message>
        <source>omitted start</source>
        <translation>ausgelassener Anfang</translation>
    </message>
    <message>
        <source>zero-copy</source>
        <translation>Zero-Copy</translation>
    </message>
    <message>
        <source>sendfile</source>
        <translation>sendfile</translation>
    </message>
    <message>
        <source>client CPU</source>
        <translation>Client-CPU</translation>
    </message>
    <message>
        <source>server CPU</source>
        <translation>Server-CPU</translation>
    </message>
    <message>
        <source>duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>interval</source>
        <translation>Intervall</translation>
    </message>
    <message>
        <source>on</source>
        <translation>an</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
</context>
<context>
    <name>wb::ComparisonData</name>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>nothing that both know differs</source>
        <translation>kein Unterschied in dem, was beide kennen</translation>
    </message>
    <message>
        <source>not known for %1: %2</source>
        <translation>unbekannt für %1: %2</translation>
    </message>
</context>
<context>
    <name>wb::ComparisonEngine</name>
    <message>
        <source> (assumed)</source>
        <translation> (angenommen)</translation>
    </message>
    <message>
        <source> (loopback, no wire)</source>
        <translation> (Loopback, keine Leitung)</translation>
    </message>
    <message>
        <source> (virtual link)</source>
        <translation> (virtueller Link)</translation>
    </message>
    <message>
        <source>%1 (single measurement)</source>
        <translation>%1 (Einzelmessung)</translation>
    </message>
    <message>
        <source>reference</source>
        <translation>Referenz</translation>
    </message>
    <message>
        <source>%1 [unbounded]</source>
        <translation>%1 [unbeschränkt]</translation>
    </message>
    <message>
        <source>%1 (no interval)</source>
        <translation>%1 (kein Intervall)</translation>
    </message>
    <message>
        <source>%1 ⚠ above the ceiling</source>
        <translation>%1 ⚠ über der Obergrenze</translation>
    </message>
    <message>
        <source>(condition not known)</source>
        <translation>(Bedingung unbekannt)</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>gemessen</translation>
    </message>
    <message>
        <source>Reference.</source>
        <translation>Referenz.</translation>
    </message>
    <message>
        <source>Not comparable: they differ in %1.</source>
        <translation>Nicht vergleichbar: Sie unterscheiden sich in %1.</translation>
    </message>
    <message>
        <source> Over different links: %1 against %2.</source>
        <translation> Über verschiedene Links: %1 gegen %2.</translation>
    </message>
    <message>
        <source> Above the link&apos;s theoretical ceiling: a measurement problem (clock, counters or the link speed).</source>
        <translation> Über der theoretischen Obergrenze des Links: ein Messproblem (Uhr, Zähler oder Link-Geschwindigkeit).</translation>
    </message>
    <message>
        <source>Grouped by %1, a defining parameter: this is a sweep along it, and a verdict is only given between cells of one %1.</source>
        <translation>Gruppiert nach %1, einem bestimmenden Parameter: Das ist eine Messreihe entlang dieses Parameters, und ein Urteil gibt es nur zwischen Zellen mit demselben Wert von %1.</translation>
    </message>
    <message>
        <source>Loopback runs crossed no wire: they measure the hosts, not a NIC, cable or switch.</source>
        <translation>Loopback-Läufe haben keine Leitung durchlaufen: Sie messen die Hosts, nicht eine NIC, ein Kabel oder einen Switch.</translation>
    </message>
    <message>
        <source>Virtual-link runs (veth, bridge, virtio) crossed no physical wire.</source>
        <translation>Läufe über virtuelle Links (veth, Bridge, virtio) haben keine physische Leitung durchlaufen.</translation>
    </message>
    <message>
        <source>The selection holds %1 conditions; one is shown at a time, never pooled.</source>
        <translation>Die Auswahl enthält %1 Bedingungen; es wird immer eine gezeigt, nie zusammengelegt.</translation>
    </message>
    <message>
        <source>Condition: %1</source>
        <translation>Bedingung: %1</translation>
    </message>
    <message>
        <source>%1 (bytes)</source>
        <translation>%1 (Bytes)</translation>
    </message>
</context>
<context>
    <name>wb::Condition</name>
    <message>
        <source>experiment arm</source>
        <translation>Experimentzweig</translation>
    </message>
    <message>
        <source>host pair</source>
        <translation>Hostpaar</translation>
    </message>
    <message>
        <source>NIC</source>
        <translation>NIC</translation>
    </message>
    <message>
        <source>switch</source>
        <translation>Switch</translation>
    </message>
    <message>
        <source>cable</source>
        <translation>Kabel</translation>
    </message>
    <message>
        <source>plan</source>
        <translation>Plan</translation>
    </message>
    <message>
        <source>date</source>
        <translation>Datum</translation>
    </message>
    <message>
        <source>origin</source>
        <translation>Herkunft</translation>
    </message>
    <message>
        <source>send socket buffer</source>
        <translation>Socket-Sendepuffer</translation>
    </message>
    <message>
        <source>receive socket buffer</source>
        <translation>Socket-Empfangspuffer</translation>
    </message>
    <message>
        <source>direction</source>
        <translation>Richtung</translation>
    </message>
    <message>
        <source>TOS</source>
        <translation>TOS</translation>
    </message>
    <message>
        <source>congestion control</source>
        <translation>Staukontrolle</translation>
    </message>
    <message>
        <source>MSS</source>
        <translation>MSS</translation>
    </message>
    <message>
        <source>TCP_NODELAY</source>
        <translation>TCP_NODELAY</translation>
    </message>
    <message>
        <source>message size</source>
        <translation>Nachrichtengröße</translation>
    </message>
    <message>
        <source>rate</source>
        <translation>Rate</translation>
    </message>
    <message>
        <source>streams</source>
        <translation>Streams</translation>
    </message>
    <message>
        <source>request size</source>
        <translation>Anfragegröße</translation>
    </message>
    <message>
        <source>response size</source>
        <translation>Antwortgröße</translation>
    </message>
    <message>
        <source>file size</source>
        <translation>Dateigröße</translation>
    </message>
    <message>
        <source>sink</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>fsync</source>
        <translation>fsync</translation>
    </message>
    <message>
        <source>direct I/O</source>
        <translation>Direkt-I/O</translation>
    </message>
    <message>
        <source>write size</source>
        <translation>Schreibgröße</translation>
    </message>
    <message>
        <source>payload size</source>
        <translation>Nutzlastgröße</translation>
    </message>
    <message>
        <source>return rate</source>
        <translation>Rückrate</translation>
    </message>
    <message>
        <source>frame size</source>
        <translation>Rahmengröße</translation>
    </message>
    <message>
        <source>streams each way</source>
        <translation>Streams je Richtung</translation>
    </message>
    <message>
        <source>probe interval</source>
        <translation>Probenabstand</translation>
    </message>
    <message>
        <source>omitted start</source>
        <translation>ausgelassener Anfang</translation>
    </message>
    <message>
        <source>bit rate</source>
        <translation>Bitrate</translation>
    </message>
    <message>
        <source>zero-copy</source>
        <translation>Zero-Copy</translation>
    </message>
    <message>
        <source>sendfile</source>
        <translation>sendfile</translation>
    </message>
    <message>
        <source>client CPU</source>
        <translation>Client-CPU</translation>
    </message>
    <message>
        <source>server CPU</source>
        <translation>Server-CPU</translation>
    </message>
    <message>
        <source>IP version</source>
        <translation>IP-Version</translation>
    </message>
    <message>
        <source>receiver</source>
        <translation>Empfänger</translation>
    </message>
    <message>
        <source>sender</source>
        <translation>Sender</translation>
    </message>
    <message>
        <source>client</source>
        <translation>Client</translation>
    </message>
    <message>
        <source>whole test</source>
        <translation>ganzer Test</translation>
    </message>
    <message>
        <source>%1 %2 (assumed)</source>
        <translation>%1 %2 (angenommen)</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 (assumed)</source>
        <translation>%1 (angenommen)</translation>
    </message>
</context>
<context>
    <name>wb::GroupComparison</name>
    <message>
        <source>faster</source>
        <translation>schneller</translation>
    </message>
    <message>
        <source>slower</source>
        <translation>langsamer</translation>
    </message>
    <message>
        <source>higher (better)</source>
        <translation>höher (besser)</translation>
    </message>
    <message>
        <source>lower (worse)</source>
        <translation>niedriger (schlechter)</translation>
    </message>
    <message>
        <source>higher (worse)</source>
        <translation>höher (schlechter)</translation>
    </message>
    <message>
        <source>lower (better)</source>
        <translation>niedriger (besser)</translation>
    </message>
    <message>
        <source>higher</source>
        <translation>höher</translation>
    </message>
    <message>
        <source>lower</source>
        <translation>niedriger</translation>
    </message>
    <message>
        <source>Nothing to compare: %1 has no values.</source>
        <translation>Nichts zu vergleichen: %1 hat keine Werte.</translation>
    </message>
    <message>
        <source>%1 has a mean of zero: no ratio.</source>
        <translation>%1 hat den Mittelwert null: kein Verhältnis.</translation>
    </message>
    <message>
        <source>no spread: no confidence interval</source>
        <translation>keine Streuung: kein Konfidenzintervall</translation>
    </message>
    <message>
        <source>%1 is a single measurement: no interval, no test</source>
        <translation>%1 ist eine Einzelmessung: kein Intervall, kein Test</translation>
    </message>
    <message>
        <source>%1 equals %2 (%3).</source>
        <translation>%1 ist gleich %2 (%3).</translation>
    </message>
    <message>
        <source>%1 is %2% %3 than %4 (%5).</source>
        <translation>%1 ist %2% %3 als %4 (%5).</translation>
    </message>
    <message>
        <source>No significant difference at %1 (%2 %3% %4 than %5, p = %6).</source>
        <translation>Kein signifikanter Unterschied bei %1 (%2 %3% %4 als %5, p = %6).</translation>
    </message>
    <message>
        <source> ± %1%</source>
        <translation> ± %1%</translation>
    </message>
    <message>
        <source>%1 is %2%%3 %4 than %5 (%6 confidence).</source>
        <translation>%1 ist %2%%3 %4 als %5 (Konfidenz %6).</translation>
    </message>
</context>
<context>
    <name>wb::MetricCatalog</name>
    <message>
        <source>file transfer rate</source>
        <translation>Dateiübertragungsrate</translation>
    </message>
    <message>
        <source>median</source>
        <translation>Median</translation>
    </message>
    <message>
        <source>%1th percentile</source>
        <translation>%1. Perzentil</translation>
    </message>
    <message>
        <source>%1 round trip of the %2 probe without load (rrul)</source>
        <translation>%1 Round Trip der %2-Probe ohne Last (rrul)</translation>
    </message>
    <message>
        <source>%1 round trip of the %2 probe under the bulk flows&apos; load (rrul)</source>
        <translation>%1 Round Trip der %2-Probe unter der Last der Bulk-Flows (rrul)</translation>
    </message>
    <message>
        <source>idle %1 probe %2 latency</source>
        <translation>%1-Probe ohne Last, Latenz %2</translation>
    </message>
    <message>
        <source>loaded %1 probe %2 latency</source>
        <translation>%1-Probe unter Last, Latenz %2</translation>
    </message>
    <message>
        <source>throughput</source>
        <translation>Durchsatz</translation>
    </message>
    <message>
        <source>payload throughput</source>
        <translation>Nutzdatendurchsatz</translation>
    </message>
    <message>
        <source>messages</source>
        <translation>Nachrichten</translation>
    </message>
    <message>
        <source>datagrams sent OK (sender) or received (receiver)</source>
        <translation>erfolgreich gesendete (Sender) oder empfangene (Empfänger) Datagramme</translation>
    </message>
    <message>
        <source>send errors</source>
        <translation>Sendefehler</translation>
    </message>
    <message>
        <source>failed sends</source>
        <translation>fehlgeschlagene Sendungen</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>Verlust</translation>
    </message>
    <message>
        <source>(sent - received) / sent</source>
        <translation>(gesendet − empfangen) / gesendet</translation>
    </message>
    <message>
        <source>transaction rate</source>
        <translation>Transaktionsrate</translation>
    </message>
    <message>
        <source>request/response transactions per second</source>
        <translation>Anfrage/Antwort-Transaktionen pro Sekunde</translation>
    </message>
    <message>
        <source>connection rate</source>
        <translation>Verbindungsrate</translation>
    </message>
    <message>
        <source>connect + request + response + close per second (TCP_CRR)</source>
        <translation>Verbinden + Anfrage + Antwort + Schließen pro Sekunde (TCP_CRR)</translation>
    </message>
    <message>
        <source>mean round-trip latency</source>
        <translation>mittlere Round-Trip-Latenz</translation>
    </message>
    <message>
        <source>mean round trip</source>
        <translation>mittlerer Round Trip</translation>
    </message>
    <message>
        <source>minimum round-trip latency</source>
        <translation>minimale Round-Trip-Latenz</translation>
    </message>
    <message>
        <source>minimum round trip</source>
        <translation>kürzester Round Trip</translation>
    </message>
    <message>
        <source>median round-trip latency</source>
        <translation>Median der Round-Trip-Latenz</translation>
    </message>
    <message>
        <source>median round trip</source>
        <translation>Median des Round Trips</translation>
    </message>
    <message>
        <source>p90 round-trip latency</source>
        <translation>Round-Trip-Latenz p90</translation>
    </message>
    <message>
        <source>90th percentile round trip</source>
        <translation>90. Perzentil des Round Trips</translation>
    </message>
    <message>
        <source>p99 round-trip latency</source>
        <translation>Round-Trip-Latenz p99</translation>
    </message>
    <message>
        <source>99th percentile round trip</source>
        <translation>99. Perzentil des Round Trips</translation>
    </message>
    <message>
        <source>p99.9 round-trip latency</source>
        <translation>Round-Trip-Latenz p99.9</translation>
    </message>
    <message>
        <source>99.9th percentile round trip</source>
        <translation>99,9. Perzentil des Round Trips</translation>
    </message>
    <message>
        <source>maximum round-trip latency</source>
        <translation>maximale Round-Trip-Latenz</translation>
    </message>
    <message>
        <source>maximum round trip</source>
        <translation>längster Round Trip</translation>
    </message>
    <message>
        <source>round-trip latency deviation</source>
        <translation>Streuung der Round-Trip-Latenz</translation>
    </message>
    <message>
        <source>standard deviation of the round trip</source>
        <translation>Standardabweichung des Round Trips</translation>
    </message>
    <message>
        <source>packet rate</source>
        <translation>Paketrate</translation>
    </message>
    <message>
        <source>drops</source>
        <translation>Verwürfe</translation>
    </message>
    <message>
        <source>packets lost</source>
        <translation>verlorene Pakete</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <source>payload moved</source>
        <translation>übertragene Nutzdaten</translation>
    </message>
    <message>
        <source>elapsed time</source>
        <translation>verstrichene Zeit</translation>
    </message>
    <message>
        <source>test duration</source>
        <translation>Testdauer</translation>
    </message>
    <message>
        <source>CPU utilisation</source>
        <translation>CPU-Auslastung</translation>
    </message>
    <message>
        <source>CPU utilisation of the whole host</source>
        <translation>CPU-Auslastung des ganzen Hosts</translation>
    </message>
    <message>
        <source>busiest core</source>
        <translation>meistbelasteter Kern</translation>
    </message>
    <message>
        <source>utilisation of the host&apos;s busiest CPU core over the test (one saturated core is hidden in the average)</source>
        <translation>Auslastung des meistbelasteten CPU-Kerns des Hosts während des Tests (ein gesättigter Kern verschwindet im Mittel)</translation>
    </message>
    <message>
        <source>softirq share</source>
        <translation>Softirq-Anteil</translation>
    </message>
    <message>
        <source>share of all the host&apos;s CPU time spent in softirq (packet processing) over the test</source>
        <translation>Anteil der gesamten CPU-Zeit des Hosts in Softirq (Paketverarbeitung) während des Tests</translation>
    </message>
    <message>
        <source>service demand per KB</source>
        <translation>Service Demand pro KB</translation>
    </message>
    <message>
        <source>CPU time per KB (1024 B)</source>
        <translation>CPU-Zeit pro KB (1024 B)</translation>
    </message>
    <message>
        <source>service demand per transaction</source>
        <translation>Service Demand pro Transaktion</translation>
    </message>
    <message>
        <source>CPU time per transaction</source>
        <translation>CPU-Zeit pro Transaktion</translation>
    </message>
    <message>
        <source>jitter</source>
        <translation>Jitter</translation>
    </message>
    <message>
        <source>RFC 1889 style jitter</source>
        <translation>Jitter nach RFC 1889</translation>
    </message>
    <message>
        <source>retransmits</source>
        <translation>Neuübertragungen</translation>
    </message>
    <message>
        <source>TCP retransmissions</source>
        <translation>TCP-Neuübertragungen</translation>
    </message>
    <message>
        <source>confidence interval width</source>
        <translation>Breite des Konfidenzintervalls</translation>
    </message>
    <message>
        <source>confidence interval width, percent of mean</source>
        <translation>Breite des Konfidenzintervalls, Prozent des Mittelwerts</translation>
    </message>
    <message>
        <source>confidence level</source>
        <translation>Konfidenzniveau</translation>
    </message>
    <message>
        <source>iterations</source>
        <translation>Wiederholungen</translation>
    </message>
    <message>
        <source>repetitions measured</source>
        <translation>gemessene Wiederholungen</translation>
    </message>
    <message>
        <source>share of line rate</source>
        <translation>Anteil der Leitungsrate</translation>
    </message>
    <message>
        <source>share of the link&apos;s maximum frame rate</source>
        <translation>Anteil der höchsten Frame-Rate der Verbindung</translation>
    </message>
    <message>
        <source>DUT CPU utilisation</source>
        <translation>DUT-CPU-Auslastung</translation>
    </message>
    <message>
        <source>CPU utilisation of the device under test while forwarding</source>
        <translation>CPU-Auslastung des Prüflings beim Weiterleiten</translation>
    </message>
    <message>
        <source>DUT CPU headroom</source>
        <translation>DUT-CPU-Reserve</translation>
    </message>
    <message>
        <source>CPU the device under test had left while forwarding: an idle-priority loop&apos;s rate against its idle rate</source>
        <translation>CPU, die dem Prüfling beim Weiterleiten blieb: Rate einer Schleife mit Idle-Priorität gegen ihre Rate im Leerlauf</translation>
    </message>
    <message>
        <source>DUT headroom, busiest core</source>
        <translation>DUT-Reserve, meistbelasteter Kern</translation>
    </message>
    <message>
        <source>CPU left on the device under test&apos;s busiest core while forwarding</source>
        <translation>verbleibende CPU auf dem meistbelasteten Kern des Prüflings beim Weiterleiten</translation>
    </message>
    <message>
        <source>DUT busiest core</source>
        <translation>DUT, meistbelasteter Kern</translation>
    </message>
    <message>
        <source>utilisation of the device under test&apos;s busiest CPU core while forwarding</source>
        <translation>Auslastung des meistbelasteten CPU-Kerns des Prüflings beim Weiterleiten</translation>
    </message>
    <message>
        <source>DUT softirq share</source>
        <translation>DUT-Softirq-Anteil</translation>
    </message>
    <message>
        <source>share of the device under test&apos;s CPU time spent in softirq (packet processing) while forwarding</source>
        <translation>Anteil der CPU-Zeit des Prüflings in Softirq (Paketverarbeitung) beim Weiterleiten</translation>
    </message>
    <message>
        <source>rated latency</source>
        <translation>Nennlatenz</translation>
    </message>
    <message>
        <source>latency a vendor specifies for a device (see params.figure)</source>
        <translation>vom Hersteller angegebene Latenz eines Geräts (siehe params.figure)</translation>
    </message>
    <message>
        <source>transmit cost</source>
        <translation>Sendekosten</translation>
    </message>
    <message>
        <source>CPU timer ticks to transmit one packet (params.cpu_clock_hz converts)</source>
        <translation>CPU-Timer-Ticks zum Senden eines Pakets (params.cpu_clock_hz rechnet um)</translation>
    </message>
    <message>
        <source>transmit cost per packet</source>
        <translation>Sendekosten pro Paket</translation>
    </message>
    <message>
        <source>CPU time to transmit one packet</source>
        <translation>CPU-Zeit zum Senden eines Pakets</translation>
    </message>
    <message>
        <source>CPU cost</source>
        <translation>CPU-Kosten</translation>
    </message>
    <message>
        <source>CPU timer ticks of one kernel operation (params.operation)</source>
        <translation>CPU-Timer-Ticks einer Kernel-Operation (params.operation)</translation>
    </message>
    <message>
        <source>CPU time of one kernel operation (params.operation)</source>
        <translation>CPU-Zeit einer Kernel-Operation (params.operation)</translation>
    </message>
    <message>
        <source>forwarded packet rate</source>
        <translation>weitergeleitete Paketrate</translation>
    </message>
    <message>
        <source>packets a router forwards per second</source>
        <translation>Pakete, die ein Router pro Sekunde weiterleitet</translation>
    </message>
    <message>
        <source>lost packets</source>
        <translation>verlorene Pakete</translation>
    </message>
    <message>
        <source>datagrams lost on the way to this side (a sample: in its interval; from sequence gaps)</source>
        <translation>auf dem Weg zu dieser Seite verlorene Datagramme (ein Messwert: in seinem Intervall; aus Lücken der Folgenummern)</translation>
    </message>
    <message>
        <source>received packets</source>
        <translation>empfangene Pakete</translation>
    </message>
    <message>
        <source>datagrams that arrived at this side (a sample: in its interval)</source>
        <translation>an dieser Seite angekommene Datagramme (ein Messwert: in seinem Intervall)</translation>
    </message>
    <message>
        <source>duplicate datagrams</source>
        <translation>doppelte Datagramme</translation>
    </message>
    <message>
        <source>datagrams that arrived more than once (the extra copies; not counted as received)</source>
        <translation>mehrfach angekommene Datagramme (die zusätzlichen Kopien; nicht als empfangen gezählt)</translation>
    </message>
    <message>
        <source>reordered datagrams</source>
        <translation>umgeordnete Datagramme</translation>
    </message>
    <message>
        <source>datagrams that arrived after one sent later than them</source>
        <translation>Datagramme, die nach einem später gesendeten ankamen</translation>
    </message>
    <message>
        <source>NIC receive errors</source>
        <translation>NIC-Empfangsfehler</translation>
    </message>
    <message>
        <source>frames the NIC received in error while the test ran (all of the interface&apos;s traffic)</source>
        <translation>fehlerhaft empfangene Frames der NIC während des Tests (aller Verkehr der Schnittstelle)</translation>
    </message>
    <message>
        <source>NIC transmit errors</source>
        <translation>NIC-Sendefehler</translation>
    </message>
    <message>
        <source>frames the NIC failed to send while the test ran (all of the interface&apos;s traffic)</source>
        <translation>Frames, die die NIC während des Tests nicht senden konnte (aller Verkehr der Schnittstelle)</translation>
    </message>
    <message>
        <source>NIC receive drops</source>
        <translation>NIC-Empfangsverwürfe</translation>
    </message>
    <message>
        <source>received frames the NIC or driver dropped while the test ran (no buffer, over MTU, unknown protocol)</source>
        <translation>empfangene Frames, die NIC oder Treiber während des Tests verwarfen (kein Puffer, über MTU, unbekanntes Protokoll)</translation>
    </message>
    <message>
        <source>NIC transmit drops</source>
        <translation>NIC-Sendeverwürfe</translation>
    </message>
    <message>
        <source>frames the driver dropped before sending while the test ran</source>
        <translation>Frames, die der Treiber während des Tests vor dem Senden verwarf</translation>
    </message>
    <message>
        <source>NIC receive FIFO overruns</source>
        <translation>NIC-Empfangs-FIFO-Überläufe</translation>
    </message>
    <message>
        <source>frames lost because the NIC&apos;s receive FIFO overflowed while the test ran</source>
        <translation>Frames, die während des Tests durch Überlauf des Empfangs-FIFO der NIC verloren gingen</translation>
    </message>
    <message>
        <source>NIC transmit FIFO underruns</source>
        <translation>NIC-Sende-FIFO-Unterläufe</translation>
    </message>
    <message>
        <source>transmit FIFO errors of the NIC while the test ran</source>
        <translation>Sende-FIFO-Fehler der NIC während des Tests</translation>
    </message>
    <message>
        <source>NIC missed frames</source>
        <translation>von der NIC verpasste Frames</translation>
    </message>
    <message>
        <source>frames the NIC missed for lack of host buffers while the test ran</source>
        <translation>Frames, die die NIC während des Tests mangels Host-Puffern verpasste</translation>
    </message>
    <message>
        <source>NIC CRC errors</source>
        <translation>NIC-CRC-Fehler</translation>
    </message>
    <message>
        <source>frames received with a bad checksum while the test ran (cabling, duplex mismatch)</source>
        <translation>während des Tests mit falscher Prüfsumme empfangene Frames (Verkabelung, Duplex-Fehlanpassung)</translation>
    </message>
    <message>
        <source>NIC frame alignment errors</source>
        <translation>NIC-Frame-Ausrichtungsfehler</translation>
    </message>
    <message>
        <source>frames received misaligned while the test ran</source>
        <translation>während des Tests falsch ausgerichtet empfangene Frames</translation>
    </message>
    <message>
        <source>NIC receive overruns</source>
        <translation>NIC-Empfangsüberläufe</translation>
    </message>
    <message>
        <source>frames received that overran the NIC&apos;s ring while the test ran</source>
        <translation>empfangene Frames, die während des Tests den Ring der NIC überliefen</translation>
    </message>
    <message>
        <source>NIC carrier errors</source>
        <translation>NIC-Trägerfehler</translation>
    </message>
    <message>
        <source>frames sent without carrier while the test ran (link down, bad cable)</source>
        <translation>während des Tests ohne Träger gesendete Frames (Verbindung unterbrochen, defektes Kabel)</translation>
    </message>
    <message>
        <source>NIC collisions</source>
        <translation>NIC-Kollisionen</translation>
    </message>
    <message>
        <source>Ethernet collisions the NIC saw while the test ran (half duplex, hubs)</source>
        <translation>Ethernet-Kollisionen, die die NIC während des Tests sah (Halbduplex, Hubs)</translation>
    </message>
    <message>
        <source>reverse throughput</source>
        <translation>Durchsatz rückwärts</translation>
    </message>
    <message>
        <source>payload throughput from the server to the client in a bidirectional test</source>
        <translation>Nutzdatendurchsatz vom Server zum Client in einem bidirektionalen Test</translation>
    </message>
    <message>
        <source>reverse bytes</source>
        <translation>Bytes rückwärts</translation>
    </message>
    <message>
        <source>payload moved from the server to the client in a bidirectional test</source>
        <translation>vom Server zum Client übertragene Nutzdaten in einem bidirektionalen Test</translation>
    </message>
    <message>
        <source>reverse messages</source>
        <translation>Nachrichten rückwärts</translation>
    </message>
    <message>
        <source>datagrams the server sent OK (server) or the client received (client) in a bidirectional test</source>
        <translation>Datagramme, die der Server erfolgreich sendete (Server) oder der Client empfing (Client), in einem bidirektionalen Test</translation>
    </message>
    <message>
        <source>reverse packet rate</source>
        <translation>Paketrate rückwärts</translation>
    </message>
    <message>
        <source>packet rate from the server to the client in a bidirectional test</source>
        <translation>Paketrate vom Server zum Client in einem bidirektionalen Test</translation>
    </message>
    <message>
        <source>reverse loss</source>
        <translation>Verlust rückwärts</translation>
    </message>
    <message>
        <source>(sent - received) / sent from the server to the client in a bidirectional test</source>
        <translation>(gesendet − empfangen) / gesendet vom Server zum Client in einem bidirektionalen Test</translation>
    </message>
    <message>
        <source>reverse retransmits</source>
        <translation>Neuübertragungen rückwärts</translation>
    </message>
    <message>
        <source>TCP retransmissions of the server&apos;s sending in a bidirectional test</source>
        <translation>TCP-Neuübertragungen beim Senden des Servers in einem bidirektionalen Test</translation>
    </message>
    <message>
        <source>network-phase rate</source>
        <translation>Rate der Netzphase</translation>
    </message>
    <message>
        <source>file bytes received / time until the last byte arrived (what an FTP client printed)</source>
        <translation>empfangene Datei-Bytes / Zeit bis zum letzten Byte (was ein FTP-Client ausgab)</translation>
    </message>
    <message>
        <source>rate to disk</source>
        <translation>Rate bis auf die Platte</translation>
    </message>
    <message>
        <source>file bytes received / time until they were on disk (after the final fsync; O_DIRECT writes with direct_io)</source>
        <translation>empfangene Datei-Bytes / Zeit, bis sie auf der Platte waren (nach dem letzten fsync; O_DIRECT-Schreiben mit direct_io)</translation>
    </message>
    <message>
        <source>reverse network-phase rate</source>
        <translation>Rate der Netzphase rückwärts</translation>
    </message>
    <message>
        <source>file bytes the client received / time until the last byte arrived, in a bidirectional file transfer</source>
        <translation>vom Client empfangene Datei-Bytes / Zeit bis zum letzten Byte, in einer bidirektionalen Dateiübertragung</translation>
    </message>
    <message>
        <source>reverse rate to disk</source>
        <translation>Rate bis auf die Platte rückwärts</translation>
    </message>
    <message>
        <source>file bytes the client received / time until they were on its disk, in a bidirectional file transfer</source>
        <translation>vom Client empfangene Datei-Bytes / Zeit, bis sie auf seiner Platte waren, in einer bidirektionalen Dateiübertragung</translation>
    </message>
    <message>
        <source>reverse drops</source>
        <translation>Verwürfe rückwärts</translation>
    </message>
    <message>
        <source>packets the server sent that never reached the client, in a bidirectional packet rate test</source>
        <translation>Pakete, die der Server sendete und die den Client nie erreichten, in einem bidirektionalen Paketratentest</translation>
    </message>
    <message>
        <source>UDP stream</source>
        <translation>UDP-Stream</translation>
    </message>
    <message>
        <source>TCP stream</source>
        <translation>TCP-Stream</translation>
    </message>
    <message>
        <source>TCP request/response</source>
        <translation>TCP-Anfrage/Antwort</translation>
    </message>
    <message>
        <source>UDP request/response</source>
        <translation>UDP-Anfrage/Antwort</translation>
    </message>
    <message>
        <source>file transfer</source>
        <translation>Dateiübertragung</translation>
    </message>
    <message>
        <source>RFC 2544 throughput</source>
        <translation>RFC-2544-Durchsatz</translation>
    </message>
    <message>
        <source>forwarding through a device</source>
        <translation>Weiterleitung durch ein Gerät</translation>
    </message>
    <message>
        <source>soak</source>
        <translation>Dauertest</translation>
    </message>
    <message>
        <source>driver transmit cost</source>
        <translation>Sendekosten des Treibers</translation>
    </message>
    <message>
        <source>theoretical ceiling</source>
        <translation>theoretische Obergrenze</translation>
    </message>
    <message>
        <source>TCP connect/request/response</source>
        <translation>TCP-Verbinden/Anfrage/Antwort</translation>
    </message>
    <message>
        <source>latency under load</source>
        <translation>Latenz unter Last</translation>
    </message>
</context>
<context>
    <name>wb::StoreComparisonProvider</name>
    <message>
        <source>Runs and baselines in %1</source>
        <translation>Läufe und Baselines in %1</translation>
    </message>
</context>
<context>
    <name>wb::charts</name>
    <message>
        <source>Bars with confidence intervals</source>
        <translation>Balken mit KI</translation>
    </message>
    <message>
        <source>Time series</source>
        <translation>Zeitreihe</translation>
    </message>
    <message>
        <source>Latency CDF</source>
        <translation>Latenz-CDF</translation>
    </message>
    <message>
        <source>Message-size sweep</source>
        <translation>Größen-Messreihe</translation>
    </message>
    <message>
        <source>Host-pair matrix</source>
        <translation>Host-Paar-Matrix</translation>
    </message>
</context>
<context>
    <name>wb::charts::ChartBuilder</name>
    <message>
        <source>%1 more (the CSV lists every one)</source>
        <translation>%1 weitere (die CSV-Datei listet alle)</translation>
    </message>
    <message>
        <source>%1, log scale</source>
        <translation>%1, logarithmisch</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <source>No observations to draw.</source>
        <translation>Keine Beobachtungen zu zeichnen.</translation>
    </message>
    <message>
        <source>%1 (historical baseline)</source>
        <translation>%1 (historische Baseline)</translation>
    </message>
    <message>
        <source>%1
%2 %3 [%4, %5] (%6% CI, n = %7)</source>
        <translation>%1
%2 %3 [%4, %5] (%6% KI, n = %7)</translation>
    </message>
    <message>
        <source>%1
%2 %3 (single measurement, no interval)</source>
        <translation>%1
%2 %3 (Einzelmessung, kein Intervall)</translation>
    </message>
    <message>
        <source>
%1% of the %2 %3 ceiling</source>
        <translation>
%1% der Obergrenze von %2 %3</translation>
    </message>
    <message>
        <source>
baseline %1 %2</source>
        <translation>
Baseline %1 %2</translation>
    </message>
    <message>
        <source>the baseline</source>
        <translation>die Baseline</translation>
    </message>
    <message>
        <source>This</source>
        <translation>Diese</translation>
    </message>
    <message>
        <source>
Source: %1</source>
        <translation>
Quelle: %1</translation>
    </message>
    <message>
        <source>
Baseline: %1</source>
        <translation>
Baseline: %1</translation>
    </message>
    <message>
        <source>historical baseline</source>
        <translation>historische Baseline</translation>
    </message>
    <message>
        <source>%1
historical baseline %2 %3
Source: %4</source>
        <translation>%1
historische Baseline %2 %3
Quelle: %4</translation>
    </message>
    <message>
        <source>theoretical ceiling</source>
        <translation>theoretische Obergrenze</translation>
    </message>
    <message>
        <source>over a bar: its share of the %1</source>
        <translation>über einem Balken: sein Anteil an der %1</translation>
    </message>
    <message>
        <source>%1; intervals above the axis cut</source>
        <translation>%1; Intervalle über der Achse abgeschnitten</translation>
    </message>
    <message>
        <source>%1
%2 %3 at %4 s
Source: %5</source>
        <translation>%1
%2 %3 bei %4 s
Quelle: %5</translation>
    </message>
    <message>
        <source>This dataset has no interval samples.</source>
        <translation>Dieser Datensatz hat keine Intervall-Messwerte.</translation>
    </message>
    <message>
        <source>time since start (s)</source>
        <translation>Zeit seit dem Start (s)</translation>
    </message>
    <message>
        <source>%1
%2% of round trips ≤ %3 µs
Source: %4</source>
        <translation>%1
%2% der Round Trips ≤ %3 µs
Quelle: %4</translation>
    </message>
    <message>
        <source>This dataset has no latency samples.</source>
        <translation>Dieser Datensatz hat keine Latenz-Messwerte.</translation>
    </message>
    <message>
        <source>fraction of transactions ≤ latency</source>
        <translation>Anteil der Transaktionen ≤ Latenz</translation>
    </message>
    <message>
        <source>round-trip latency (µs)</source>
        <translation>Round-Trip-Latenz (µs)</translation>
    </message>
    <message>
        <source>%1
%2 %3 at %4</source>
        <translation>%1
%2 %3 bei %4</translation>
    </message>
    <message>
        <source>%1
historical baseline %2 %3 at %4
Source: %5</source>
        <translation>%1
historische Baseline %2 %3 bei %4
Quelle: %5</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>Baseline</translation>
    </message>
    <message>
        <source>This dataset has no size sweep.</source>
        <translation>Dieser Datensatz hat keine Größen-Messreihe.</translation>
    </message>
    <message>
        <source>ceiling</source>
        <translation>Obergrenze</translation>
    </message>
    <message>
        <source>theory</source>
        <translation>Theorie</translation>
    </message>
    <message>
        <source>ceiling %1 %2 at %3</source>
        <translation>Obergrenze %1 %2 bei %3</translation>
    </message>
    <message>
        <source>message size (bytes)</source>
        <translation>Nachrichtengröße (Byte)</translation>
    </message>
    <message>
        <source>This dataset has no host pairs.</source>
        <translation>Dieser Datensatz hat keine Host-Paare.</translation>
    </message>
    <message>
        <source>%1, bars by %2; error bars: %3% CI</source>
        <translation>%1, Balken nach %2; Fehlerbalken: %3% KI</translation>
    </message>
    <message>
        <source>%1; error bars: %2% CI</source>
        <translation>%1; Fehlerbalken: %2% KI</translation>
    </message>
    <message>
        <source>rows %1, columns %2 (hatched: not measured)</source>
        <translation>Zeilen %1, Spalten %2 (schraffiert: nicht gemessen)</translation>
    </message>
    <message>
        <source>one line per series; historical baselines as markers</source>
        <translation>eine Linie je Reihe; historische Baselines als Markierungen</translation>
    </message>
    <message>
        <source>one line per run</source>
        <translation>eine Linie je Lauf</translation>
    </message>
    <message>
        <source>value axis</source>
        <translation>Wertachse</translation>
    </message>
    <message>
        <source>latency axis</source>
        <translation>Latenzachse</translation>
    </message>
    <message>
        <source>size axis</source>
        <translation>Größenachse</translation>
    </message>
    <message>
        <source>Metric: %1 (%2). Grouped by: %3.</source>
        <translation>Kennzahl: %1 (%2). Gruppiert nach: %3.</translation>
    </message>
    <message>
        <source>Log scale on the %1.</source>
        <translation>Logarithmische Skala auf der %1.</translation>
    </message>
    <message>
        <source>Log scale on the %1 and %2.</source>
        <translation>Logarithmische Skala auf der %1 und der %2.</translation>
    </message>
    <message>
        <source>Sources: %1</source>
        <translation>Quellen: %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>run %1</source>
        <translation>Lauf %1</translation>
    </message>
    <message numerus="yes">
        <source>runs %1 and %2 more ranges (%n runs; the CSV lists every one)</source>
        <translation>
            <numerusform>Läufe %1 und %2 weitere Bereiche (%n Lauf; die CSV-Datei listet alle)</numerusform>
            <numerusform>Läufe %1 und %2 weitere Bereiche (%n Läufe; die CSV-Datei listet alle)</numerusform>
        </translation>
    </message>
    <message>
        <source>runs %1</source>
        <translation>Läufe %1</translation>
    </message>
</context>
<context>
    <name>wb::charts::ChartExporter</name>
    <message>
        <source>%1: PNG size %2×%3 is outside 16..20000 pixels</source>
        <translation>%1: Die PNG-Größe %2×%3 liegt außerhalb von 16..20000 Pixeln</translation>
    </message>
    <message>
        <source>%1: %2 DPI is outside 24..2400</source>
        <translation>%1: %2 DPI liegt außerhalb von 24..2400</translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1: kann nicht schreiben: %2</translation>
    </message>
    <message>
        <source>%1: writing the PNG failed: %2</source>
        <translation>%1: Schreiben des PNG ist fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>%1: cannot start the SVG painter</source>
        <translation>%1: Der SVG-Painter kann nicht starten</translation>
    </message>
    <message>
        <source>%1: writing the SVG failed: %2</source>
        <translation>%1: Schreiben des SVG ist fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>%1: writing the PDF failed</source>
        <translation>%1: Schreiben des PDF ist fehlgeschlagen</translation>
    </message>
    <message>
        <source>%1: cannot move the PDF into place</source>
        <translation>%1: Das PDF kann nicht an seinen Platz verschoben werden</translation>
    </message>
    <message>
        <source>%1: writing the CSV failed: %2</source>
        <translation>%1: Schreiben der CSV-Datei ist fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>%1: unknown export format</source>
        <translation>%1: unbekanntes Exportformat</translation>
    </message>
</context>
<context>
    <name>wb::charts::ChartView</name>
    <message>
        <source>Show as table</source>
        <translation>Als Tabelle zeigen</translation>
    </message>
    <message>
        <source>Chart</source>
        <translation>Diagramm</translation>
    </message>
    <message>
        <source>Chart: %1</source>
        <translation>Diagramm: %1</translation>
    </message>
    <message>
        <source>Ctrl+T or the context menu shows the plotted values as a table.</source>
        <translation>Strg+T oder das Kontextmenü zeigt die gezeichneten Werte als Tabelle.</translation>
    </message>
</context>
<context>
    <name>wb::charts::ComparisonReport</name>
    <message>
        <source>%1: a report is written as .html or .pdf</source>
        <translation>%1: Ein Bericht wird als .html oder .pdf geschrieben</translation>
    </message>
    <message>
        <source>Generated %1 by Wirebench %2.</source>
        <translation>Erstellt %1 von Wirebench %2.</translation>
    </message>
    <message>
        <source>Chart</source>
        <translation>Diagramm</translation>
    </message>
    <message>
        <source>cannot read the drawn chart</source>
        <translation>das gezeichnete Diagramm kann nicht gelesen werden</translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1: kann nicht schreiben: %2</translation>
    </message>
    <message>
        <source>%1: cannot start the PDF painter</source>
        <translation>%1: Der PDF-Painter kann nicht starten</translation>
    </message>
    <message>
        <source>%1: cannot add page %2</source>
        <translation>%1: Seite %2 kann nicht hinzugefügt werden</translation>
    </message>
    <message>
        <source>Page %1 of %2</source>
        <translation>Seite %1 von %2</translation>
    </message>
    <message>
        <source>%1: writing the PDF failed: %2</source>
        <translation>%1: Schreiben des PDF ist fehlgeschlagen: %2</translation>
    </message>
</context>
<context>
    <name>wb::charts::DropsChart</name>
    <message>
        <source>time since the start (s)</source>
        <translation>Zeit seit dem Start (s)</translation>
    </message>
    <message>
        <source>datagrams lost per interval</source>
        <translation>verlorene Datagramme je Intervall</translation>
    </message>
    <message>
        <source>received (packets/s)</source>
        <translation>empfangen (Pakete/s)</translation>
    </message>
    <message>
        <source>this run has no per-interval loss samples</source>
        <translation>dieser Lauf hat keine Verlust-Messwerte je Intervall</translation>
    </message>
    <message>
        <source>no per-interval loss samples</source>
        <translation>keine Verlust-Messwerte je Intervall</translation>
    </message>
    <message>
        <source>lost, %1</source>
        <translation>verloren, %1</translation>
    </message>
    <message>
        <source>received/s, %1</source>
        <translation>empfangen/s, %1</translation>
    </message>
</context>
<context>
    <name>wb::charts::HistoryChart</name>
    <message>
        <source>run started (UTC)</source>
        <translation>Lauf gestartet (UTC)</translation>
    </message>
    <message>
        <source>no runs of this condition on this element</source>
        <translation>keine Läufe dieser Bedingung auf diesem Element</translation>
    </message>
    <message>
        <source>no runs</source>
        <translation>keine Läufe</translation>
    </message>
    <message>
        <source>each measurement: mean, %1 % CI of its repetitions</source>
        <translation>jede Messung: Mittelwert, %1 % KI ihrer Wiederholungen</translation>
    </message>
    <message>
        <source>segment mean</source>
        <translation>Segment-Mittelwert</translation>
    </message>
    <message>
        <source>no change point (E-Divisive means, alpha %1)</source>
        <translation>kein Change Point (E-Divisive Means, Alpha %1)</translation>
    </message>
    <message>
        <source>the runs&apos; tags are written above their points</source>
        <translation>über den Punkten stehen die Tags der Läufe</translation>
    </message>
</context>
<context>
    <name>wb::charts::RrulChart</name>
    <message>
        <source>time since the start (s)</source>
        <translation>Zeit seit dem Start (s)</translation>
    </message>
    <message>
        <source>per flow at the client (Mbit/s)</source>
        <translation>je Flow am Client (Mbit/s)</translation>
    </message>
    <message>
        <source>round trip (ms)</source>
        <translation>Round Trip (ms)</translation>
    </message>
    <message>
        <source>probes at or below (%)</source>
        <translation>Proben bei oder unter (%)</translation>
    </message>
    <message>
        <source>this run has no rrul samples</source>
        <translation>dieser Lauf hat keine RRUL-Messwerte</translation>
    </message>
    <message>
        <source>no rrul samples</source>
        <translation>keine RRUL-Messwerte</translation>
    </message>
    <message>
        <source>%1 probe</source>
        <translation>%1-Probe</translation>
    </message>
    <message>
        <source>%1 loaded (%2)</source>
        <translation>%1 unter Last (%2)</translation>
    </message>
    <message>
        <source>%1 idle (%2)</source>
        <translation>%1 ohne Last (%2)</translation>
    </message>
    <message>
        <source>load starts</source>
        <translation>Last beginnt</translation>
    </message>
</context>
<context>
    <name>wb::gui::BaselineTableModel</name>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>Test</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Hosts</source>
        <translation>Hosts</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Sink</source>
        <translation>Senke</translation>
    </message>
    <message>
        <source>Hardware</source>
        <translation>Hardware</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>Tags</translation>
    </message>
</context>
<context>
    <name>wb::gui::BaselinesPage</name>
    <message>
        <source>Baselines</source>
        <translation>Baselines</translation>
    </message>
    <message>
        <source>Historical figures with their citations and the hardware they were measured on: the 1997–2003 lab reports Wirebench ships, and anything you import.</source>
        <translation>Historische Werte mit ihren Quellenangaben und der Hardware, auf der sie gemessen wurden: die Laborberichte von 1997–2003, die Wirebench mitbringt, und alles, was Sie importieren.</translation>
    </message>
    <message>
        <source>Filter: author, test, hardware, key… (Ctrl+F)</source>
        <translation>Filter: Autor, Test, Hardware, Schlüssel… (Strg+F)</translation>
    </message>
    <message>
        <source>Filter baselines</source>
        <translation>Baselines filtern</translation>
    </message>
    <message>
        <source>Citation for imported figures: who measured, where, when</source>
        <translation>Quellenangabe für importierte Werte: wer gemessen hat, wo, wann</translation>
    </message>
    <message>
        <source>Citation for imported figures</source>
        <translation>Quellenangabe für importierte Werte</translation>
    </message>
    <message>
        <source>Import logs…</source>
        <translation>Logs importieren…</translation>
    </message>
    <message>
        <source>Read netperf, iperf3, iperf 2, flent, sockperf or pktgen output and keep it as baselines</source>
        <translation>Ausgaben von netperf, iperf3, iperf 2, flent, sockperf oder pktgen lesen und als Baselines behalten</translation>
    </message>
    <message>
        <source>The selected baseline in full</source>
        <translation>Die gewählte Baseline vollständig</translation>
    </message>
    <message>
        <source>Select a baseline to see its citation, hardware and every figure.</source>
        <translation>Wählen Sie eine Baseline, um ihre Quellenangabe, Hardware und alle Werte zu sehen.</translation>
    </message>
    <message>
        <source>Loading baselines…</source>
        <translation>Baselines werden geladen…</translation>
    </message>
    <message>
        <source>Type a citation first (who measured it, where, when): it is kept with every figure.</source>
        <translation>Geben Sie zuerst eine Quellenangabe ein (wer gemessen hat, wo, wann): Sie wird mit jedem Wert aufbewahrt.</translation>
    </message>
    <message>
        <source>Import logs as baselines</source>
        <translation>Logs als Baselines importieren</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>%1 wird importiert…</translation>
    </message>
    <message>
        <source>Type a citation first (who measured it, where, when), then drop the files again: it is kept with every figure. To import them as runs, drop them on the Results page.</source>
        <translation>Geben Sie zuerst eine Quellenangabe ein (wer gemessen hat, wo, wann) und legen Sie die Dateien dann erneut ab: Sie wird mit jedem Wert aufbewahrt. Um sie als Läufe zu importieren, legen Sie sie auf der Seite Ergebnisse ab.</translation>
    </message>
    <message numerus="yes">
        <source>%n baseline(s) in %1</source>
        <translation>
            <numerusform>%n Baseline in %1</numerusform>
            <numerusform>%n Baselines in %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n baseline(s) in %2 match the filter</source>
        <translation>
            <numerusform>%1 von %n Baseline in %2 passen zum Filter</numerusform>
            <numerusform>%1 von %n Baselines in %2 passen zum Filter</numerusform>
        </translation>
    </message>
    <message>
        <source>Cited from: %1
</source>
        <translation>Zitiert aus: %1
</translation>
    </message>
    <message>
        <source>Test: %1
</source>
        <translation>Test: %1
</translation>
    </message>
    <message>
        <source>Test: %1 (%2)
</source>
        <translation>Test: %1 (%2)
</translation>
    </message>
    <message>
        <source>Parameters: %1
</source>
        <translation>Parameter: %1
</translation>
    </message>
    <message>
        <source>
Link: %1, duplex %2%3
</source>
        <translation>
Link: %1, Duplex %2%3
</translation>
    </message>
    <message>
        <source>%1 Mbit/s</source>
        <translation>%1 Mbit/s</translation>
    </message>
    <message>
        <source>speed not stated</source>
        <translation>Geschwindigkeit nicht angegeben</translation>
    </message>
    <message>
        <source> (inferred)</source>
        <translation> (erschlossen)</translation>
    </message>
    <message>
        <source>  why: %1
</source>
        <translation>  Grund: %1
</translation>
    </message>
    <message>
        <source>
Hardware: %1
</source>
        <translation>
Hardware: %1
</translation>
    </message>
    <message>
        <source>
Note: %1
</source>
        <translation>
Notiz: %1
</translation>
    </message>
    <message>
        <source>Tag</source>
        <translation>Tag</translation>
    </message>
    <message>
        <source>Baselines holding this tag (in any case)</source>
        <translation>Baselines mit diesem Tag (Groß-/Kleinschreibung egal)</translation>
    </message>
    <message>
        <source>Filter baselines by tag</source>
        <translation>Baselines nach Tag filtern</translation>
    </message>
</context>
<context>
    <name>wb::gui::CandidateListModel</name>
    <message>
        <source>Historical baseline: %1</source>
        <translation>Historische Baseline: %1</translation>
    </message>
</context>
<context>
    <name>wb::gui::ComparePage</name>
    <message>
        <source>Compare</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <source>Results side by side and against historical baselines, one condition at a time, with confidence intervals and charts to export.</source>
        <translation>Ergebnisse nebeneinander und gegen historische Baselines, eine Bedingung nach der anderen, mit Konfidenzintervallen und exportierbaren Diagrammen.</translation>
    </message>
    <message>
        <source>The conditions the selection holds (kind, metric, side and the defining parameters); one is shown at a time, never pooled</source>
        <translation>Die Bedingungen der Auswahl (Art, Kennzahl, Seite und die bestimmenden Parameter); es wird immer eine gezeigt, nie zusammengelegt</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>&amp;Log scale</source>
        <translation>&amp;Log-Skala</translation>
    </message>
    <message>
        <source>Value axis of bars and sweeps, latency axis of a CDF. Partly checked: log when the values span more than two decades. Checked: always log. Unchecked: always linear.</source>
        <translation>Wertachse von Balken und Messreihen, Latenzachse einer CDF. Teilweise markiert: logarithmisch, wenn die Werte mehr als zwei Dekaden umfassen. Markiert: immer logarithmisch. Nicht markiert: immer linear.</translation>
    </message>
    <message>
        <source>&amp;Group by:</source>
        <translation>&amp;Gruppe:</translation>
    </message>
    <message>
        <source>&amp;Series:</source>
        <translation>&amp;Reihen:</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>&amp;Export</translation>
    </message>
    <message>
        <source>Chart as &amp;PNG…</source>
        <translation>Diagramm als &amp;PNG…</translation>
    </message>
    <message>
        <source>Chart as &amp;SVG…</source>
        <translation>Diagramm als &amp;SVG…</translation>
    </message>
    <message>
        <source>Chart as P&amp;DF…</source>
        <translation>Diagramm als P&amp;DF…</translation>
    </message>
    <message>
        <source>Plotted points as &amp;CSV…</source>
        <translation>Gezeichnete Punkte als &amp;CSV…</translation>
    </message>
    <message>
        <source>Whole comparison as a &amp;report (HTML or PDF)…</source>
        <translation>Ganzer Vergleich als &amp;Bericht (HTML oder PDF)…</translation>
    </message>
    <message>
        <source>&amp;Data:</source>
        <translation>&amp;Daten:</translation>
    </message>
    <message>
        <source>&amp;Chart:</source>
        <translation>Dia&amp;gramm:</translation>
    </message>
    <message>
        <source>Building…</source>
        <translation>Wird erstellt…</translation>
    </message>
    <message>
        <source>Building the comparison in the background</source>
        <translation>Der Vergleich wird im Hintergrund erstellt</translation>
    </message>
    <message>
        <source>Co&amp;ndition:</source>
        <translation>Bedi&amp;ngung:</translation>
    </message>
    <message>
        <source>&amp;Reference:</source>
        <translation>&amp;Referenz:</translation>
    </message>
    <message>
        <source>C&amp;onfidence:</source>
        <translation>K&amp;onfidenz:</translation>
    </message>
    <message>
        <source>Cell</source>
        <translation>Zelle</translation>
    </message>
    <message>
        <source>Link</source>
        <translation>Link</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>Mean [CI]</source>
        <translation>Mittelwert [KI]</translation>
    </message>
    <message>
        <source>% of ceiling</source>
        <translation>% der Obergrenze</translation>
    </message>
    <message>
        <source>Ratio [CI]</source>
        <translation>Verhältnis [KI]</translation>
    </message>
    <message>
        <source>p</source>
        <translation>p</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Urteil</translation>
    </message>
    <message>
        <source>Italic rows are historical baselines, one figure each. Repetitions of one condition are pooled: geometric mean with the t interval of the logarithms; ratio = cell / reference, a verdict only within one condition (docs/comparisons.md).</source>
        <translation>Kursive Zeilen sind historische Baselines, je ein Wert. Wiederholungen einer Bedingung werden zusammengefasst: geometrisches Mittel mit dem t-Intervall der Logarithmen; Verhältnis = Zelle / Referenz, ein Urteil nur innerhalb einer Bedingung (docs/comparisons.md).</translation>
    </message>
    <message>
        <source>Open a results database (File menu) to compare its runs and the shipped baselines.</source>
        <translation>Öffnen Sie eine Ergebnisdatenbank (Menü Datei), um ihre Läufe und die mitgelieferten Baselines zu vergleichen.</translation>
    </message>
    <message>
        <source>Nothing to compare</source>
        <translation>Nichts zu vergleichen</translation>
    </message>
    <message>
        <source>The figure compared; the kind&apos;s key figure first</source>
        <translation>Der verglichene Wert; zuerst der Hauptwert der Art</translation>
    </message>
    <message>
        <source>any</source>
        <translation>alle</translation>
    </message>
    <message>
        <source>Runs started on or after this day (the first day: any). Baselines are never dropped by date.</source>
        <translation>Läufe, die an oder nach diesem Tag gestartet sind (der erste Tag: alle). Baselines werden nie nach Datum ausgefiltert.</translation>
    </message>
    <message>
        <source>Runs started on or before this day (the first day: any)</source>
        <translation>Läufe, die an oder vor diesem Tag gestartet sind (der erste Tag: alle)</translation>
    </message>
    <message>
        <source>Host, NIC, switch or cable</source>
        <translation>Host, NIC, Switch oder Kabel</translation>
    </message>
    <message>
        <source>Keeps runs whose client, server, NIC, switch or cable contains this text</source>
        <translation>Behält Läufe, deren Client, Server, NIC, Switch oder Kabel diesen Text enthält</translation>
    </message>
    <message>
        <source>Tag</source>
        <translation>Tag</translation>
    </message>
    <message>
        <source>Keeps runs holding this tag (in any case); baselines stay beside them</source>
        <translation>Behält Läufe mit diesem Tag (Groß-/Kleinschreibung egal); Baselines bleiben daneben</translation>
    </message>
    <message>
        <source>any status</source>
        <translation>alle</translation>
    </message>
    <message>
        <source>any size</source>
        <translation>alle</translation>
    </message>
    <message>
        <source>Message, request, frame or file size in bytes</source>
        <translation>Nachrichten-, Anfrage-, Frame- oder Dateigröße in Byte</translation>
    </message>
    <message>
        <source>&amp;Metric:</source>
        <translation>&amp;Kennzahl:</translation>
    </message>
    <message>
        <source>&amp;From:</source>
        <translation>&amp;Von:</translation>
    </message>
    <message>
        <source>&amp;To:</source>
        <translation>&amp;Bis:</translation>
    </message>
    <message>
        <source>S&amp;tatus:</source>
        <translation>S&amp;tatus:</translation>
    </message>
    <message>
        <source>Si&amp;ze (B):</source>
        <translation>Grö&amp;ße (B):</translation>
    </message>
    <message>
        <source>Back to the filter</source>
        <translation>Zurück zum Filter</translation>
    </message>
    <message>
        <source>All</source>
        <translation>Alle</translation>
    </message>
    <message>
        <source>Compare every run and baseline the filter matched</source>
        <translation>Jeden Lauf und jede Baseline vergleichen, die zum Filter passen</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Keine</translation>
    </message>
    <message>
        <source>Uncheck everything, then check what to compare</source>
        <translation>Alles abwählen, dann wählen, was verglichen werden soll</translation>
    </message>
    <message>
        <source>Uncheck a run or baseline to leave it out of the chart, the table and the report</source>
        <translation>Einen Lauf oder eine Baseline abwählen, um sie aus Diagramm, Tabelle und Bericht herauszunehmen</translation>
    </message>
    <message>
        <source>Open a results database (File menu) to compare its runs.</source>
        <translation>Öffnen Sie eine Ergebnisdatenbank (Menü Datei), um ihre Läufe zu vergleichen.</translation>
    </message>
    <message numerus="yes">
        <source>Comparing the %n run(s) picked on the Results page.</source>
        <translation>
            <numerusform>Der %n auf der Seite Ergebnisse gewählte Lauf wird verglichen.</numerusform>
            <numerusform>Die %n auf der Seite Ergebnisse gewählten Läufe werden verglichen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Comparing the arms of the A/B experiment of plan run %1: its runs only, by arm.</source>
        <translation>Die Zweige des A/B-Experiments von Planlauf %1 werden verglichen: nur seine Läufe, nach Zweig.</translation>
    </message>
    <message>
        <source>%1 of %2 runs and baselines compared</source>
        <translation>%1 von %2 Läufen und Baselines verglichen</translation>
    </message>
    <message>
        <source>(comparison)</source>
        <translation>(Vergleich)</translation>
    </message>
    <message>
        <source>This dataset has nothing to draw as %1</source>
        <translation>Dieser Datensatz hat nichts, das als %1 gezeichnet werden kann</translation>
    </message>
    <message>
        <source>%1 (%2 runs, %3 baselines)</source>
        <translation>%1 (%2 Läufe, %3 Baselines)</translation>
    </message>
    <message>
        <source>Condition: %1</source>
        <translation>Bedingung: %1</translation>
    </message>
    <message>
        <source>Historical baseline: %1</source>
        <translation>Historische Baseline: %1</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation>Quelle: %1</translation>
    </message>
    <message>
        <source>Link: %1</source>
        <translation>Link: %1</translation>
    </message>
    <message>
        <source>Mean [%1% CI] (%2)</source>
        <translation>Mittelwert [%1% KI] (%2)</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>Notiz: %1</translation>
    </message>
    <message>
        <source>Collecting the runs&apos; inventory and environments…</source>
        <translation>Inventar und Umgebungen der Läufe werden gesammelt…</translation>
    </message>
    <message>
        <source>Export the comparison report</source>
        <translation>Den Vergleichsbericht exportieren</translation>
    </message>
    <message>
        <source>PDF report (*.pdf)</source>
        <translation>PDF-Bericht (*.pdf)</translation>
    </message>
    <message>
        <source>HTML report (*.html)</source>
        <translation>HTML-Bericht (*.html)</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>%1 exportiert</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>Diagramm exportieren</translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation>%1-Dateien (*.%2)</translation>
    </message>
    <message>
        <source>
Against %1:
• %2</source>
        <translation>
Gegen %1:
• %2</translation>
    </message>
    <message>
        <source>&amp;History…</source>
        <translation>&amp;Verlauf…</translation>
    </message>
    <message>
        <source>The selected row&apos;s condition over time on its element: every run, the change points, the environment changes and the runs&apos; tags (Ctrl+H)</source>
        <translation>Die Bedingung der gewählten Zeile im Zeitverlauf auf ihrem Element: jeder Lauf, die Change Points, die Umgebungsänderungen und die Tags der Läufe (Strg+H)</translation>
    </message>
</context>
<context>
    <name>wb::gui::DesktopNotifier</name>
    <message>
        <source>no session bus</source>
        <translation>kein Session-Bus</translation>
    </message>
    <message>
        <source>desktop notifications are not available (%1)</source>
        <translation>Desktop-Benachrichtigungen sind nicht verfügbar (%1)</translation>
    </message>
</context>
<context>
    <name>wb::gui::HistoryWindow</name>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>The element of the lab the history follows: the host pair, or one NIC, switch or cable the newest run of the row crossed</source>
        <translation>Das Element des Labors, dem der Verlauf folgt: das Host-Paar oder eine NIC, ein Switch oder ein Kabel, über die der neueste Lauf der Zeile ging</translation>
    </message>
    <message>
        <source>&amp;Element:</source>
        <translation>&amp;Element:</translation>
    </message>
    <message>
        <source>Reading the history from the database</source>
        <translation>Der Verlauf wird aus der Datenbank gelesen</translation>
    </message>
    <message>
        <source>Show as &amp;table</source>
        <translation>Als &amp;Tabelle zeigen</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>&amp;Export…</translation>
    </message>
    <message>
        <source>The chart as PNG, SVG or PDF, or its points as CSV (by the file&apos;s suffix)</source>
        <translation>Das Diagramm als PNG, SVG oder PDF oder seine Punkte als CSV (nach der Dateiendung)</translation>
    </message>
    <message>
        <source>No database is open.</source>
        <translation>Keine Datenbank ist geöffnet.</translation>
    </message>
    <message>
        <source>Reading the history…</source>
        <translation>Der Verlauf wird gelesen…</translation>
    </message>
    <message>
        <source>The history could not be read: %1</source>
        <translation>Der Verlauf konnte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>No finished run of this condition on this element.</source>
        <translation>Kein abgeschlossener Lauf dieser Bedingung auf diesem Element.</translation>
    </message>
    <message>
        <source>History: %1, %2</source>
        <translation>Verlauf: %1, %2</translation>
    </message>
    <message>
        <source>Ctrl+T shows the plotted points as a table.</source>
        <translation>Strg+T zeigt die gezeichneten Punkte als Tabelle.</translation>
    </message>
    <message>
        <source>%1 · %2 (loopback: the newest run crossed no wire)</source>
        <translation>%1 · %2 (Loopback: der neueste Lauf ging über keine Leitung)</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Points: %1 · change points: %2 · environment changes: %3.</source>
        <translation>Punkte: %1 · Change Points: %2 · Umgebungsänderungen: %3.</translation>
    </message>
    <message>
        <source>Other conditions with runs on this element: %1 (not drawn here).</source>
        <translation>Weitere Bedingungen mit Läufen auf diesem Element: %1 (hier nicht gezeichnet).</translation>
    </message>
    <message>
        <source>%1: the file name must end in .png, .svg, .pdf or .csv</source>
        <translation>%1: der Dateiname muss auf .png, .svg, .pdf oder .csv enden</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>%1 exportiert</translation>
    </message>
    <message>
        <source>Export the history</source>
        <translation>Den Verlauf exportieren</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG-Bild (*.png)</translation>
    </message>
    <message>
        <source>SVG image (*.svg)</source>
        <translation>SVG-Bild (*.svg)</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>PDF-Dokument (*.pdf)</translation>
    </message>
    <message>
        <source>Plotted points (*.csv)</source>
        <translation>Gezeichnete Punkte (*.csv)</translation>
    </message>
</context>
<context>
    <name>wb::gui::InventoryDocument</name>
    <message>
        <source>Edit %1 of %2</source>
        <translation>%1 von %2 bearbeiten</translation>
    </message>
    <message>
        <source>Add %1</source>
        <translation>%1 hinzufügen</translation>
    </message>
    <message>
        <source>Select a row to remove.</source>
        <translation>Wählen Sie eine Zeile zum Entfernen.</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>%1 entfernen</translation>
    </message>
</context>
<context>
    <name>wb::gui::InventoryPage</name>
    <message>
        <source>Inventory</source>
        <translation>Inventar</translation>
    </message>
    <message>
        <source>The lab: hosts, NICs, switches and hubs, cables with their lengths, and what is wired to what.</source>
        <translation>Das Labor: Hosts, NICs, Switches und Hubs, Kabel mit ihren Längen und was womit verbunden ist.</translation>
    </message>
    <message>
        <source>Topology of the lab</source>
        <translation>Topologie des Labors</translation>
    </message>
    <message>
        <source>Hosts, switches and the cables between them; the tables beside it list the same in text.</source>
        <translation>Hosts, Switches und die Kabel zwischen ihnen; die Tabellen daneben listen dasselbe als Text.</translation>
    </message>
    <message>
        <source>Open a lab file (Ctrl+O) or the example lab, or add hosts with Ctrl+N. Edit a cell by double-clicking it or typing; Ctrl+Z undoes.</source>
        <translation>Öffnen Sie eine Labordatei (Strg+O) oder das Beispiellabor, oder fügen Sie Hosts mit Strg+N hinzu. Bearbeiten Sie eine Zelle per Doppelklick oder durch Tippen; Strg+Z macht rückgängig.</translation>
    </message>
    <message>
        <source>Open lab…</source>
        <translation>Labor öffnen…</translation>
    </message>
    <message>
        <source>Example lab</source>
        <translation>Beispiellabor</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Export…</translation>
    </message>
    <message>
        <source>Save to database</source>
        <translation>In DB speichern</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Neu</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>Wiederholen</translation>
    </message>
    <message>
        <source>Discover NICs</source>
        <translation>NICs erkennen</translation>
    </message>
    <message>
        <source>Include virtual</source>
        <translation>Auch virtuelle</translation>
    </message>
    <message>
        <source>Include virtual interfaces: Discover also adds loopback, veth, bridges, docker, tun/tap and ifb interfaces (a lab of network namespaces is cabled with veth pairs).</source>
        <translation>Virtuelle Schnittstellen einbeziehen: Erkennen fügt auch Loopback-, veth-, Bridge-, Docker-, tun/tap- und ifb-Schnittstellen hinzu (ein Labor aus Netzwerk-Namespaces ist mit veth-Paaren verkabelt).</translation>
    </message>
    <message>
        <source>Open lab</source>
        <translation>Labor öffnen</translation>
    </message>
    <message>
        <source>Wirebench labs (*.json)</source>
        <translation>Wirebench-Labore (*.json)</translation>
    </message>
    <message>
        <source>Export lab</source>
        <translation>Labor exportieren</translation>
    </message>
    <message>
        <source>%1 of the lab</source>
        <translation>%1 des Labors</translation>
    </message>
    <message>
        <source>Still busy with the last lab operation; try again in a moment.</source>
        <translation>Noch mit der letzten Labor-Aktion beschäftigt; versuchen Sie es gleich noch einmal.</translation>
    </message>
    <message>
        <source>Could not read the inventory from the database: %1</source>
        <translation>Das Inventar konnte nicht aus der Datenbank gelesen werden: %1</translation>
    </message>
    <message>
        <source>Check: %1.</source>
        <translation>Prüfen: %1.</translation>
    </message>
    <message>
        <source>The lab in the database %1: %2 hosts, %3 links. Edits are kept here until you save them (Ctrl+S).</source>
        <translation>Das Labor in der Datenbank %1: %2 Hosts, %3 Links. Änderungen bleiben hier, bis Sie sie speichern (Strg+S).</translation>
    </message>
    <message>
        <source>Open %1</source>
        <translation>%1 öffnen</translation>
    </message>
    <message>
        <source>Opened %1: %2 hosts. Save to the database (Ctrl+S) to keep it.</source>
        <translation>%1 geöffnet: %2 Hosts. Speichern Sie es in der Datenbank (Strg+S), um es zu behalten.</translation>
    </message>
    <message>
        <source>No example lab is installed. Reinstall Wirebench, or open a lab file with Ctrl+O.</source>
        <translation>Es ist kein Beispiellabor installiert. Installieren Sie Wirebench neu oder öffnen Sie eine Labordatei mit Strg+O.</translation>
    </message>
    <message>
        <source>Which example lab?</source>
        <translation>Welches Beispiellabor?</translation>
    </message>
    <message>
        <source>No results database is open. Export the lab to a file (Ctrl+Shift+S) instead, or restart Wirebench and open a database.</source>
        <translation>Keine Ergebnisdatenbank geöffnet. Exportieren Sie das Labor stattdessen in eine Datei (Strg+Umschalt+S), oder starten Sie Wirebench neu und öffnen Sie eine Datenbank.</translation>
    </message>
    <message>
        <source>Added %1. Type to rename it; Ctrl+Z takes it back.</source>
        <translation>%1 hinzugefügt. Tippen zum Umbenennen; Strg+Z nimmt es zurück.</translation>
    </message>
    <message>
        <source>Select a row to remove.</source>
        <translation>Wählen Sie eine Zeile zum Entfernen.</translation>
    </message>
    <message>
        <source>Removed %1 and what was wired to it. Ctrl+Z brings it back.</source>
        <translation>%1 und was damit verbunden war entfernt. Strg+Z holt es zurück.</translation>
    </message>
    <message>
        <source>the agent on %1 (version %2) cannot report its system; update it</source>
        <translation>der Agent auf %1 (Version %2) kann sein System nicht melden; aktualisieren Sie ihn</translation>
    </message>
    <message>
        <source>Select the host to discover on the Hosts tab first.</source>
        <translation>Wählen Sie zuerst auf dem Reiter Hosts den Host, dessen NICs erkannt werden sollen.</translation>
    </message>
    <message>
        <source>Still discovering %1; wait for it to finish.</source>
        <translation>Erkenne noch %1; warten Sie, bis es fertig ist.</translation>
    </message>
    <message>
        <source>Discover %1 failed: %2. Check the host&apos;s address, SSH port, user and key on the Hosts tab (and that it accepts this key), then try again.</source>
        <translation>Erkennen auf %1 ist fehlgeschlagen: %2. Prüfen Sie Adresse, SSH-Port, Benutzer und Schlüssel des Hosts auf dem Reiter Hosts (und dass er diesen Schlüssel annimmt), dann versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>Discover %1 failed: %2. Check that wirebench-agent is installed, then try again.</source>
        <translation>Erkennen auf %1 ist fehlgeschlagen: %2. Prüfen Sie, ob wirebench-agent installiert ist, dann versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>Discover %1</source>
        <translation>Erkennen auf %1</translation>
    </message>
    <message>
        <source>%1: %2 NICs found and added or updated. Ctrl+Z undoes.</source>
        <translation>%1: %2 NICs gefunden und hinzugefügt oder aktualisiert. Strg+Z macht rückgängig.</translation>
    </message>
    <message>
        <source>Left out as virtual: %1 (tick &quot;Include virtual&quot; to add them).</source>
        <translation>Als virtuell ausgelassen: %1 (markieren Sie „Auch virtuelle“, um sie hinzuzufügen).</translation>
    </message>
</context>
<context>
    <name>wb::gui::InventoryTableModel</name>
    <message>
        <source>%1 (%2 in use)</source>
        <translation>%1 (%2 belegt)</translation>
    </message>
    <message>
        <source>not recorded (%1 in use)</source>
        <translation>nicht erfasst (%1 belegt)</translation>
    </message>
</context>
<context>
    <name>wb::gui::MainWindow</name>
    <message>
        <source>Wirebench</source>
        <translation>Wirebench</translation>
    </message>
    <message>
        <source>Local agent: starting…</source>
        <translation>Lokaler Agent: startet…</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;User guide</source>
        <translation>&amp;Benutzerhandbuch</translation>
    </message>
    <message>
        <source>User guide</source>
        <translation>Benutzerhandbuch</translation>
    </message>
    <message>
        <source>The user guide could not be opened. It is looked for in:
%1</source>
        <translation>Das Benutzerhandbuch konnte nicht geöffnet werden. Gesucht wurde in:
%1</translation>
    </message>
    <message>
        <source>&amp;About Wirebench</source>
        <translation>Ü&amp;ber Wirebench</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <source>About Wirebench</source>
        <translation>Über Wirebench</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Wirebench %1&lt;/h3&gt;&lt;p&gt;A workbench for network lab engineers: an inventory of the lab, test agents driven over SSH, and every result stored with the hardware it ran on and compared against historical baselines.&lt;/p&gt;&lt;p&gt;Copyright © 2026 the Wirebench developers.&lt;/p&gt;&lt;p&gt;This program is free software: you can redistribute it and/or modify it under the terms of the GNU General Public License as published by the Free Software Foundation, either version 3 of the License, or (at your option) any later version. It comes with ABSOLUTELY NO WARRANTY. Charts are drawn with QCustomPlot (GPL-3.0).&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Wirebench %1&lt;/h3&gt;&lt;p&gt;Eine Werkbank für Ingenieure im Netzwerklabor: ein Inventar des Labors, Testagenten, die über SSH gesteuert werden, und jedes Ergebnis gespeichert mit der Hardware, auf der es lief, und verglichen mit historischen Baselines.&lt;/p&gt;&lt;p&gt;Copyright © 2026 die Wirebench-Entwickler.&lt;/p&gt;&lt;p&gt;Dieses Programm ist freie Software: Sie können es unter den Bedingungen der GNU General Public License, wie von der Free Software Foundation veröffentlicht, weitergeben und/oder verändern, entweder gemäß Version 3 der Lizenz oder (nach Ihrer Wahl) jeder späteren Version. Es wird OHNE JEDE GEWÄHRLEISTUNG bereitgestellt. Diagramme werden mit QCustomPlot (GPL-3.0) gezeichnet.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>wb::gui::NoticeAlerts</name>
    <message>
        <source>Wirebench: regression in run %1</source>
        <translation>Wirebench: Regression in Lauf %1</translation>
    </message>
    <message>
        <source>Wirebench: test failed in run %1</source>
        <translation>Wirebench: Test in Lauf %1 fehlgeschlagen</translation>
    </message>
</context>
<context>
    <name>wb::gui::PasswordDialog</name>
    <message>
        <source>Password</source>
        <translation>Passwort</translation>
    </message>
    <message>
        <source>Remember in %1</source>
        <translation>In %1 merken</translation>
    </message>
    <message>
        <source>Stored there only after the host accepted it, and removed again if the host refuses it later. Wirebench itself never saves the password.</source>
        <translation>Wird dort erst gespeichert, nachdem der Host es angenommen hat, und wieder entfernt, wenn der Host es später ablehnt. Wirebench selbst speichert das Passwort nie.</translation>
    </message>
</context>
<context>
    <name>wb::gui::PlansPage</name>
    <message>
        <source>Plans</source>
        <translation>Pläne</translation>
    </message>
    <message>
        <source>Build a test plan: hosts, tests with their parameters, endpoints and repetitions. Save it, load it, run it.</source>
        <translation>Einen Testplan erstellen: Hosts, Tests mit ihren Parametern, Endpunkte und Wiederholungen. Speichern, laden, ausführen.</translation>
    </message>
    <message>
        <source>Every ordered pair of these hosts (matrix)</source>
        <translation>Jedes geordnete Paar dieser Hosts (Matrix)</translation>
    </message>
    <message>
        <source>Run as an A/B experiment</source>
        <translation>Als A/B-Experiment ausführen</translation>
    </message>
    <message>
        <source>New</source>
        <translation>Neu</translation>
    </message>
    <message>
        <source>Open…</source>
        <translation>Öffnen…</translation>
    </message>
    <message>
        <source>Open plan</source>
        <translation>Plan öffnen</translation>
    </message>
    <message>
        <source>Wirebench plans (*.json)</source>
        <translation>Wirebench-Pläne (*.json)</translation>
    </message>
    <message>
        <source>Save plan</source>
        <translation>Plan speichern</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>Save as…</source>
        <translation>Speichern unter…</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Ausführen</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <source>Description:</source>
        <translation>Beschreibung:</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Transport</source>
        <translation>Transport</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>Hosts the plan defines itself. Hosts of the inventory need no row here; a row for one overrides the inventory&apos;s entry for this plan.</source>
        <translation>Hosts, die der Plan selbst definiert. Hosts des Inventars brauchen hier keine Zeile; eine Zeile für einen davon ersetzt den Inventareintrag für diesen Plan.</translation>
    </message>
    <message>
        <source>Add host</source>
        <translation>Neuer Host</translation>
    </message>
    <message>
        <source>Remove host</source>
        <translation>Host löschen</translation>
    </message>
    <message>
        <source>Hosts</source>
        <translation>Hosts</translation>
    </message>
    <message>
        <source>A/B experiment</source>
        <translation>A/B-Experiment</translation>
    </message>
    <message>
        <source>Tests</source>
        <translation>Tests</translation>
    </message>
    <message>
        <source>Add test</source>
        <translation>Neuer Test</translation>
    </message>
    <message>
        <source>Remove test</source>
        <translation>Test löschen</translation>
    </message>
    <message>
        <source>Selected test</source>
        <translation>Gewählter Test</translation>
    </message>
    <message>
        <source>Kind:</source>
        <translation>Art:</translation>
    </message>
    <message>
        <source>Apply a classic preset…</source>
        <translation>Klassische Vorlage anwenden…</translation>
    </message>
    <message>
        <source>Preset:</source>
        <translation>Vorlage:</translation>
    </message>
    <message>
        <source>Client:</source>
        <translation>Client:</translation>
    </message>
    <message>
        <source>Server:</source>
        <translation>Server:</translation>
    </message>
    <message>
        <source>Matrix hosts:</source>
        <translation>Matrix-Hosts:</translation>
    </message>
    <message>
        <source>Parameter</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>Value (an array is a sweep)</source>
        <translation>Wert (ein Array ist eine Messreihe)</translation>
    </message>
    <message>
        <source>Add parameter</source>
        <translation>Neuer Parameter</translation>
    </message>
    <message>
        <source>Remove parameter</source>
        <translation>Parameter löschen</translation>
    </message>
    <message>
        <source>Parameters:</source>
        <translation>Parameter:</translation>
    </message>
    <message>
        <source>forward (client sends)</source>
        <translation>vorwärts (Client sendet)</translation>
    </message>
    <message>
        <source>reverse (server sends)</source>
        <translation>rückwärts (Server sendet)</translation>
    </message>
    <message>
        <source>bidirectional</source>
        <translation>bidirektional</translation>
    </message>
    <message>
        <source>direction</source>
        <translation>Richtung</translation>
    </message>
    <message>
        <source>Streams:</source>
        <translation>Streams:</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Duration:</source>
        <translation>Dauer:</translation>
    </message>
    <message>
        <source>at least</source>
        <translation>mind.</translation>
    </message>
    <message>
        <source>at most</source>
        <translation>max.</translation>
    </message>
    <message>
        <source>until CI</source>
        <translation>bis KI</translation>
    </message>
    <message>
        <source>% ≤</source>
        <translation>% ≤</translation>
    </message>
    <message>
        <source>Repetitions:</source>
        <translation>Wiederholungen:</translation>
    </message>
    <message>
        <source>Every test runs over every arm, round by round (A B A B …), so that a drift of the lab falls on all arms alike; Compare then groups the runs by arm.</source>
        <translation>Jeder Test läuft über jeden Zweig, Runde für Runde (A B A B …), damit eine Drift des Labors alle Zweige gleich trifft; der Vergleich gruppiert die Läufe dann nach Zweig.</translation>
    </message>
    <message>
        <source>e.g. Is the FS108 as good as the Catalyst 5000?</source>
        <translation>z. B. Ist der FS108 so gut wie der Catalyst 5000?</translation>
    </message>
    <message>
        <source>Question:</source>
        <translation>Frage:</translation>
    </message>
    <message>
        <source>The one element the arms&apos; paths differ in; everything else is held constant.</source>
        <translation>Das eine Element, in dem sich die Pfade der Zweige unterscheiden; alles andere bleibt gleich.</translation>
    </message>
    <message>
        <source>Arms vary the:</source>
        <translation>Zweige variieren:</translation>
    </message>
    <message>
        <source>How many times every test runs over every arm: the rounds are the repetitions of each arm&apos;s condition.</source>
        <translation>Wie oft jeder Test über jeden Zweig läuft: Die Runden sind die Wiederholungen der Bedingung jedes Zweigs.</translation>
    </message>
    <message>
        <source>Rounds:</source>
        <translation>Runden:</translation>
    </message>
    <message>
        <source>Arm</source>
        <translation>Zweig</translation>
    </message>
    <message>
        <source>Client host/NIC</source>
        <translation>Client-Host/NIC</translation>
    </message>
    <message>
        <source>Server host/NIC</source>
        <translation>Server-Host/NIC</translation>
    </message>
    <message>
        <source>Each arm is a path from a client NIC to a server NIC; name it after what it stands for (the switch, the NIC, the cable).</source>
        <translation>Jeder Zweig ist ein Pfad von einer Client-NIC zu einer Server-NIC; benennen Sie ihn nach dem, wofür er steht (der Switch, die NIC, das Kabel).</translation>
    </message>
    <message>
        <source>Add arm</source>
        <translation>Neuer Zweig</translation>
    </message>
    <message>
        <source>Remove arm</source>
        <translation>Zweig löschen</translation>
    </message>
    <message>
        <source>Resolved path</source>
        <translation>Aufgelöster Pfad</translation>
    </message>
    <message>
        <source>New plan</source>
        <translation>Neuer Plan</translation>
    </message>
    <message>
        <source>%1 in the plan file</source>
        <translation>%1 in der Plandatei</translation>
    </message>
    <message>
        <source>Swept in the parameters table</source>
        <translation>In der Parametertabelle variiert</translation>
    </message>
    <message>
        <source>Parallel streams (iperf3 -P)</source>
        <translation>Parallele Streams (iperf3 -P)</translation>
    </message>
    <message>
        <source>Only tcp_stream and udp_stream take parallel streams</source>
        <translation>Nur tcp_stream und udp_stream nehmen parallele Streams</translation>
    </message>
    <message>
        <source>Who sends: the client, the server, or both at once</source>
        <translation>Wer sendet: der Client, der Server oder beide zugleich</translation>
    </message>
    <message>
        <source>A request/response test runs both ways by nature</source>
        <translation>Ein Request/Response-Test läuft von Natur aus in beide Richtungen</translation>
    </message>
    <message>
        <source>The A/B experiment&apos;s arms give every test its client and server.</source>
        <translation>Die Zweige des A/B-Experiments geben jedem Test seinen Client und Server.</translation>
    </message>
    <message>
        <source>Test %1</source>
        <translation>Test %1</translation>
    </message>
    <message>
        <source>This plan has no tests yet. Add one with &quot;Add test&quot; below the Tests list, then pick its kind or a classic preset.</source>
        <translation>Dieser Plan hat noch keine Tests. Fügen Sie mit „Test hinzufügen“ unter der Liste Tests einen hinzu und wählen Sie dann seine Art oder eine klassische Vorlage.</translation>
    </message>
    <message>
        <source>%1

Fix this field, then the plan can be saved and run.</source>
        <translation>%1

Korrigieren Sie dieses Feld, dann kann der Plan gespeichert und ausgeführt werden.</translation>
    </message>
    <message>
        <source>1 test case</source>
        <translation>1 Testfall</translation>
    </message>
    <message>
        <source>%1 test cases</source>
        <translation>%1 Testfälle</translation>
    </message>
    <message>
        <source>Expands to %1, at least %2 s of testing.</source>
        <translation>Ergibt %1, mindestens %2 s Testzeit.</translation>
    </message>
    <message>
        <source>The arms&apos; paths differ in the %1 only, as the question asks.</source>
        <translation>Die Pfade der Zweige unterscheiden sich nur in %1, wie die Frage verlangt.</translation>
    </message>
    <message>
        <source>The inventory could not be read (%1): only the plan&apos;s own hosts are known, and no path can be shown.</source>
        <translation>Das Inventar konnte nicht gelesen werden (%1): Nur die eigenen Hosts des Plans sind bekannt, und kein Pfad kann gezeigt werden.</translation>
    </message>
    <message>
        <source>Select a case to see its path through the lab.</source>
        <translation>Wählen Sie einen Fall, um seinen Pfad durch das Labor zu sehen.</translation>
    </message>
    <message>
        <source>Cannot read %1: %2. Check the file name and its permissions.</source>
        <translation>%1 kann nicht gelesen werden: %2. Prüfen Sie den Dateinamen und seine Rechte.</translation>
    </message>
    <message>
        <source>%1

Fix the file (see docs/plan-format.md) and open it again.</source>
        <translation>%1

Korrigieren Sie die Datei (siehe docs/plan-format.md) und öffnen Sie sie erneut.</translation>
    </message>
    <message>
        <source>%1 is not a JSON object</source>
        <translation>%1 ist kein JSON-Objekt</translation>
    </message>
    <message>
        <source>• %1: this machine&apos;s agent</source>
        <translation>• %1: der Agent dieses Rechners</translation>
    </message>
    <message>
        <source>• %1: SSH to %2%3%4, test traffic to %5</source>
        <translation>• %1: SSH zu %2%3%4, Testverkehr zu %5</translation>
    </message>
    <message numerus="yes">
        <source>The plan defines %n host(s) the inventory does not have:
%1

Add them to the inventory, so that other plans, Discover and the Results page know them? The plan file is not changed.</source>
        <translation>
            <numerusform>Der Plan definiert %n Host, den das Inventar nicht hat:
%1

Ihn ins Inventar aufnehmen, damit andere Pläne, Erkennen und die Seite Ergebnisse ihn kennen? Die Plandatei wird nicht geändert.</numerusform>
            <numerusform>Der Plan definiert %n Hosts, die das Inventar nicht hat:
%1

Sie ins Inventar aufnehmen, damit andere Pläne, Erkennen und die Seite Ergebnisse sie kennen? Die Plandatei wird nicht geändert.</numerusform>
        </translation>
    </message>
    <message>
        <source>The hosts could not be added to the inventory: %1

Nothing was changed; add them on the Inventory page.</source>
        <translation>Die Hosts konnten nicht ins Inventar aufgenommen werden: %1

Nichts wurde geändert; fügen Sie sie auf der Seite Inventar hinzu.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2. Choose another folder.</source>
        <translation>%1 kann nicht geschrieben werden: %2. Wählen Sie einen anderen Ordner.</translation>
    </message>
    <message>
        <source>Run plan</source>
        <translation>Plan ausführen</translation>
    </message>
    <message>
        <source>%1

Fix it on this page, then run again.</source>
        <translation>%1

Korrigieren Sie es auf dieser Seite, dann führen Sie den Plan erneut aus.</translation>
    </message>
    <message numerus="yes">
        <source>A/B experiment: %n test(s) over %1 arms, %2 round(s), interleaved (A B A B …).</source>
        <translation>
            <numerusform>A/B-Experiment: %n Test über %1 Zweige, %2 Runde(n), verschränkt (A B A B …).</numerusform>
            <numerusform>A/B-Experiment: %n Tests über %1 Zweige, %2 Runde(n), verschränkt (A B A B …).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>wb::gui::PngExportDialog</name>
    <message>
        <source>Export PNG</source>
        <translation>PNG exportieren</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source> dpi</source>
        <translation> dpi</translation>
    </message>
    <message>
        <source>&amp;Width:</source>
        <translation>&amp;Breite:</translation>
    </message>
    <message>
        <source>&amp;Height:</source>
        <translation>&amp;Höhe:</translation>
    </message>
    <message>
        <source>&amp;Resolution:</source>
        <translation>&amp;Auflösung:</translation>
    </message>
</context>
<context>
    <name>wb::gui::ResultsPage</name>
    <message>
        <source>Results</source>
        <translation>Ergebnisse</translation>
    </message>
    <message>
        <source>Every stored run with the hardware it ran on. Filter, sort, inspect, re-run or export.</source>
        <translation>Jeder gespeicherte Lauf mit der Hardware, auf der er lief. Filtern, sortieren, ansehen, erneut ausführen oder exportieren.</translation>
    </message>
    <message>
        <source>All kinds</source>
        <translation>Alle Arten</translation>
    </message>
    <message>
        <source>Any status</source>
        <translation>Jeder Status</translation>
    </message>
    <message>
        <source>Host (either end)</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>The exact name of a host in the inventory; matches runs over it at either end</source>
        <translation>Der genaue Name eines Hosts im Inventar; passt auf Läufe über ihn an einem der Enden</translation>
    </message>
    <message>
        <source>NIC (host/if)</source>
        <translation>NIC</translation>
    </message>
    <message>
        <source>A NIC as host/interface; matches runs over it at either end</source>
        <translation>Eine NIC als Host/Schnittstelle; passt auf Läufe über sie an einem der Enden</translation>
    </message>
    <message>
        <source>Switch</source>
        <translation>Switch</translation>
    </message>
    <message>
        <source>A switch or hub anywhere on the path</source>
        <translation>Ein Switch oder Hub irgendwo auf dem Pfad</translation>
    </message>
    <message>
        <source>Cable</source>
        <translation>Kabel</translation>
    </message>
    <message>
        <source>A cable label anywhere on the path</source>
        <translation>Eine Kabelbeschriftung irgendwo auf dem Pfad</translation>
    </message>
    <message>
        <source>Tag</source>
        <translation>Tag</translation>
    </message>
    <message>
        <source>Runs holding this tag (in any case)</source>
        <translation>Läufe mit diesem Tag (Groß-/Kleinschreibung egal)</translation>
    </message>
    <message>
        <source>Search runs</source>
        <translation>Läufe durchsuchen</translation>
    </message>
    <message>
        <source>Search plan, test or endpoint (Ctrl+F)</source>
        <translation>Plan, Test, Endpunkt suchen (Strg+F)</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <source>Re-run</source>
        <translation>Erneut ausführen</translation>
    </message>
    <message>
        <source>Compare selected</source>
        <translation>Auswahl vergleichen</translation>
    </message>
    <message>
        <source>Import…</source>
        <translation>Importieren…</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Export…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Stored runs</source>
        <translation>Gespeicherte Läufe</translation>
    </message>
    <message>
        <source>Could not read the results: %1. Check the database file, then press F5.</source>
        <translation>Die Ergebnisse konnten nicht gelesen werden: %1. Prüfen Sie die Datenbankdatei und drücken Sie dann F5.</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>Diagramm exportieren</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Importieren</translation>
    </message>
    <message>
        <source>Import results as runs</source>
        <translation>Ergebnisse als Läufe importieren</translation>
    </message>
    <message>
        <source>An import is still running; try again when it has finished.</source>
        <translation>Ein Import läuft noch; versuchen Sie es erneut, wenn er fertig ist.</translation>
    </message>
    <message>
        <source>Open a results database first (File menu).</source>
        <translation>Öffnen Sie zuerst eine Ergebnisdatenbank (Menü Datei).</translation>
    </message>
    <message numerus="yes">
        <source>Importing %n file(s)…</source>
        <translation>
            <numerusform>%n Datei wird importiert…</numerusform>
            <numerusform>%n Dateien werden importiert…</numerusform>
        </translation>
    </message>
    <message>
        <source>No database open</source>
        <translation>Keine Datenbank geöffnet</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Wird geladen…</translation>
    </message>
    <message>
        <source>1 run</source>
        <translation>1 Lauf</translation>
    </message>
    <message>
        <source>%1 runs</source>
        <translation>%1 Läufe</translation>
    </message>
    <message>
        <source>Delete runs</source>
        <translation>Läufe löschen</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n run(s) with their metrics and samples? This cannot be undone; export them first if you may need them.</source>
        <translation>
            <numerusform>%n Lauf mit seinen Kennzahlen und Messwerten löschen? Das kann nicht rückgängig gemacht werden; exportieren Sie ihn vorher, falls Sie ihn noch brauchen könnten.</numerusform>
            <numerusform>%n Läufe mit ihren Kennzahlen und Messwerten löschen? Das kann nicht rückgängig gemacht werden; exportieren Sie sie vorher, falls Sie sie noch brauchen könnten.</numerusform>
        </translation>
    </message>
    <message>
        <source>This run was not made by a plan (it was imported), so its hosts are unknown. Build a plan with kind %1 and these parameters on the Plans page.</source>
        <translation>Dieser Lauf stammt nicht aus einem Plan (er wurde importiert), daher sind seine Hosts unbekannt. Erstellen Sie auf der Seite Pläne einen Plan der Art %1 mit diesen Parametern.</translation>
    </message>
    <message>
        <source>The plan stored with this run no longer parses (%1). Build a new plan on the Plans page.</source>
        <translation>Der mit diesem Lauf gespeicherte Plan lässt sich nicht mehr lesen (%1). Erstellen Sie auf der Seite Pläne einen neuen Plan.</translation>
    </message>
    <message>
        <source>The plan stored with this run has no test case &apos;%1&apos;. Build a new plan on the Plans page.</source>
        <translation>Der mit diesem Lauf gespeicherte Plan hat keinen Testfall „%1“. Erstellen Sie auf der Seite Pläne einen neuen Plan.</translation>
    </message>
    <message>
        <source>The run is still loading; try again in a moment.</source>
        <translation>Der Lauf wird noch geladen; versuchen Sie es gleich noch einmal.</translation>
    </message>
    <message>
        <source>Select the runs to compare in the table first (Ctrl+click or Shift+click for several).</source>
        <translation>Wählen Sie zuerst in der Tabelle die zu vergleichenden Läufe (Strg+Klick oder Umschalt+Klick für mehrere).</translation>
    </message>
    <message>
        <source>Export runs</source>
        <translation>Läufe exportieren</translation>
    </message>
    <message>
        <source>CSV (*.csv);;JSON (*.json)</source>
        <translation>CSV (*.csv);;JSON (*.json)</translation>
    </message>
    <message>
        <source>%1 (re-run)</source>
        <translation>%1 (erneut ausgeführt)</translation>
    </message>
</context>
<context>
    <name>wb::gui::RunAnnotationEditor</name>
    <message>
        <source>Add tag</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Remove tag</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Save note</source>
        <translation>Notiz speichern</translation>
    </message>
    <message>
        <source>The run&apos;s tags; select some and press Remove tag (or Del)</source>
        <translation>Die Tags des Laufs; einige wählen und Entfernen drücken (oder Entf)</translation>
    </message>
    <message>
        <source>New tag, e.g. after firmware 4.2</source>
        <translation>Neuer Tag, z. B. nach Firmware 4.2</translation>
    </message>
    <message>
        <source>A note on this run (what changed, what to look at)</source>
        <translation>Eine Notiz zu diesem Lauf (was sich geändert hat, worauf zu achten ist)</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>Tags</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Notiz</translation>
    </message>
    <message>
        <source>A note on this baseline (what it was measured on, what to look at)</source>
        <translation>Eine Notiz zu dieser Baseline (worauf gemessen wurde, worauf zu achten ist)</translation>
    </message>
    <message>
        <source>The baseline&apos;s tags; select some and press Remove tag (or Del)</source>
        <translation>Die Tags der Baseline; einige wählen und Entfernen drücken (oder Entf)</translation>
    </message>
</context>
<context>
    <name>wb::gui::RunDetailView</name>
    <message>
        <source>Metrics of the selected run</source>
        <translation>Kennzahlen des gewählten Laufs</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>Kennzahl</translation>
    </message>
    <message>
        <source>Side</source>
        <translation>Seite</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Einheit</translation>
    </message>
    <message>
        <source>Metrics</source>
        <translation>Kennzahlen</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>Feld</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>Client</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>Umgebung</translation>
    </message>
    <message>
        <source>Stream</source>
        <translation>Stream</translation>
    </message>
    <message>
        <source>Direction</source>
        <translation>Richtung</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Rolle</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>Durchsatz</translation>
    </message>
    <message>
        <source>Streams</source>
        <translation>Streams</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>Messwerte</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>Plan</translation>
    </message>
    <message>
        <source>Could not read run %1: %2. Press F5 to reload the list; if the database was replaced, reopen it.</source>
        <translation>Lauf %1 konnte nicht gelesen werden: %2. Drücken Sie F5, um die Liste neu zu laden; wurde die Datenbank ersetzt, öffnen Sie sie erneut.</translation>
    </message>
    <message>
        <source>Select a run to see all its metrics, both ends&apos; environment, its samples and the plan that made it.</source>
        <translation>Wählen Sie einen Lauf, um alle seine Kennzahlen, die Umgebung beider Enden, seine Messwerte und den Plan, aus dem er stammt, zu sehen.</translation>
    </message>
    <message>
        <source>Drops over time</source>
        <translation>Verluste über die Zeit</translation>
    </message>
    <message>
        <source>Latency under load</source>
        <translation>Latenz unter Last</translation>
    </message>
    <message>
        <source>Export chart…</source>
        <translation>Diagramm exportieren…</translation>
    </message>
    <message>
        <source>Save this chart as PNG, PDF or SVG, or its plotted points as CSV</source>
        <translation>Dieses Diagramm als PNG, PDF oder SVG speichern, oder seine gezeichneten Punkte als CSV</translation>
    </message>
    <message>
        <source>the run shown is not an rrul run</source>
        <translation>der gezeigte Lauf ist kein RRUL-Lauf</translation>
    </message>
    <message>
        <source>%1: use a .png, .pdf, .svg or .csv file</source>
        <translation>%1: Verwenden Sie eine .png-, .pdf-, .svg- oder .csv-Datei</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>Diagramm exportieren</translation>
    </message>
    <message>
        <source>PNG image (*.png);;PDF (*.pdf);;SVG (*.svg);;Plotted points (*.csv)</source>
        <translation>PNG-Bild (*.png);;PDF (*.pdf);;SVG (*.svg);;Gezeichnete Punkte (*.csv)</translation>
    </message>
    <message>
        <source>%1 — %2
stored as %3 %4</source>
        <translation>%1 — %2
gespeichert als %3 %4</translation>
    </message>
    <message>
        <source>Client — %1</source>
        <translation>Client — %1</translation>
    </message>
    <message>
        <source>Server — %1</source>
        <translation>Server — %1</translation>
    </message>
    <message>
        <source>not recorded (an imported run, or an agent that did not report it)</source>
        <translation>nicht erfasst (ein importierter Lauf oder ein Agent, der es nicht gemeldet hat)</translation>
    </message>
    <message>
        <source>server → client</source>
        <translation>Server → Client</translation>
    </message>
    <message>
        <source>client → server</source>
        <translation>Client → Server</translation>
    </message>
    <message>
        <source>This run was not made by a plan (imported or saved directly).</source>
        <translation>Dieser Lauf stammt nicht aus einem Plan (importiert oder direkt gespeichert).</translation>
    </message>
    <message>
        <source>client</source>
        <translation>Client</translation>
    </message>
    <message>
        <source>server</source>
        <translation>Server</translation>
    </message>
</context>
<context>
    <name>wb::gui::RunListModel</name>
    <message>
        <source>No parameters recorded</source>
        <translation>Keine Parameter erfasst</translation>
    </message>
    <message>
        <source>The inventory knew no NIC of this run&apos;s ends</source>
        <translation>Das Inventar kannte keine NIC der Enden dieses Laufs</translation>
    </message>
    <message>
        <source>Cables: %1</source>
        <translation>Kabel: %1</translation>
    </message>
    <message>
        <source>The parameters that differ between the listed runs of a kind; point at a cell for all of them</source>
        <translation>Die Parameter, in denen sich die gelisteten Läufe einer Art unterscheiden; zeigen Sie auf eine Zelle für alle</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>Test</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>Endpoints</source>
        <translation>Endpunkte</translation>
    </message>
    <message>
        <source>NICs</source>
        <translation>NICs</translation>
    </message>
    <message>
        <source>Switch</source>
        <translation>Switch</translation>
    </message>
    <message>
        <source>Cable</source>
        <translation>Kabel</translation>
    </message>
    <message>
        <source>Key metric</source>
        <translation>Hauptkennzahl</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Datum</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>Tags</translation>
    </message>
    <message>
        <source>%1  Δ %2 worse</source>
        <translation>%1  Δ %2 schlechter</translation>
    </message>
    <message>
        <source>%1  Δ %2</source>
        <translation>%1  Δ %2</translation>
    </message>
    <message>
        <source>The first run after a change point of its history on %1:
%2</source>
        <translation>Der erste Lauf nach einem Change Point seines Verlaufs auf %1:
%2</translation>
    </message>
    <message>
        <source>The kind&apos;s key figure. &quot;Δ −8.0 %&quot;: the first run after a change point of its history (E-Divisive means), by how much the mean moved; &quot;worse&quot; in the metric&apos;s bad direction</source>
        <translation>Der Hauptwert der Art. „Δ −8.0 %“: der erste Lauf nach einem Change Point seines Verlaufs (E-Divisive Means), um wie viel sich der Mittelwert verschob; „schlechter“ in der ungünstigen Richtung der Kennzahl</translation>
    </message>
</context>
<context>
    <name>wb::gui::RunText</name>
    <message>
        <source>finished</source>
        <translation>fertig</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>Abbruch</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>übersprungen</translation>
    </message>
</context>
<context>
    <name>wb::gui::RunsPage</name>
    <message>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>Runs a plan on the lab: progress, live samples and the agents&apos; log. Every finished test is stored at once, so cancelling keeps what finished.</source>
        <translation>Führt einen Plan im Labor aus: Fortschritt, Live-Messwerte und das Log der Agenten. Jeder fertige Test wird sofort gespeichert, ein Abbruch behält also, was fertig ist.</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>No plan running. Open a plan file (Ctrl+O), or re-run a result from the Results page.</source>
        <translation>Kein Plan läuft. Öffnen Sie eine Plandatei (Strg+O) oder führen Sie ein Ergebnis von der Seite Ergebnisse erneut aus.</translation>
    </message>
    <message>
        <source>Run plan file…</source>
        <translation>Plandatei ausführen…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Show in Results</source>
        <translation>In Ergebnissen zeigen</translation>
    </message>
    <message>
        <source>Compare these runs</source>
        <translation>Diese Läufe vergleichen</translation>
    </message>
    <message>
        <source>Open a plan file and run it (Ctrl+O)</source>
        <translation>Eine Plandatei öffnen und ausführen (Strg+O)</translation>
    </message>
    <message>
        <source>Cancel the plan; finished tests stay stored (Esc)</source>
        <translation>Den Plan abbrechen; fertige Tests bleiben gespeichert (Esc)</translation>
    </message>
    <message>
        <source>The Results page, filtered to this plan&apos;s runs</source>
        <translation>Die Seite Ergebnisse, gefiltert auf die Läufe dieses Plans</translation>
    </message>
    <message>
        <source>The Compare page with the runs this plan run stored</source>
        <translation>Die Seite Vergleich mit den Läufen, die dieser Planlauf gespeichert hat</translation>
    </message>
    <message>
        <source>Interrupted plan runs — Resume runs only what each one has not finished; the finished tests and repetitions are kept.</source>
        <translation>Unterbrochene Planläufe — Fortsetzen führt nur aus, was jeder noch nicht beendet hat; die fertigen Tests und Wiederholungen bleiben erhalten.</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>Plan</translation>
    </message>
    <message>
        <source>Run id</source>
        <translation>Lauf-ID</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Left to run</source>
        <translation>Noch auszuführen</translation>
    </message>
    <message>
        <source>Resume the selected plan run: run only the tests and repetitions it has not finished</source>
        <translation>Den gewählten Planlauf fortsetzen: nur die Tests und Wiederholungen ausführen, die er nicht beendet hat</translation>
    </message>
    <message>
        <source>%v of %m tests</source>
        <translation>%v von %m Tests</translation>
    </message>
    <message>
        <source>Tests of the plan</source>
        <translation>Tests des Plans</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>Test</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Fortschritt</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Live samples of the running tests</source>
        <translation>Live-Messwerte der laufenden Tests</translation>
    </message>
    <message>
        <source>Throughput (Mbit/s)</source>
        <translation>Durchsatz (Mbit/s)</translation>
    </message>
    <message>
        <source>Agents&apos; log</source>
        <translation>Log der Agenten</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
    <message>
        <source>Scheduled plans — systemd user timers, added and removed with “wirebench-cli schedule”; their runs never prompt.</source>
        <translation>Geplante Pläne — systemd-Benutzer-Timer, hinzugefügt und entfernt mit „wirebench-cli schedule“; ihre Läufe fragen nie nach.</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>Zeitplan</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Wann</translation>
    </message>
    <message>
        <source>Last result</source>
        <translation>Letztes Ergebnis</translation>
    </message>
    <message>
        <source>Scheduled plans</source>
        <translation>Geplante Pläne</translation>
    </message>
    <message>
        <source>a schedule cannot be read: %1</source>
        <translation>ein Zeitplan kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>reading…</source>
        <translation>wird gelesen…</translation>
    </message>
    <message>
        <source>results go to %1</source>
        <translation>Ergebnisse gehen nach %1</translation>
    </message>
    <message>
        <source>cannot read the runs: %1</source>
        <translation>die Läufe können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>cannot list the interrupted plan runs: %1</source>
        <translation>die unterbrochenen Planläufe können nicht aufgelistet werden: %1</translation>
    </message>
    <message>
        <source>cannot resume: %1</source>
        <translation>Fortsetzen nicht möglich: %1</translation>
    </message>
    <message>
        <source>Resume plan run</source>
        <translation>Planlauf fortsetzen</translation>
    </message>
    <message>
        <source>A plan is running. Cancel it (Esc) or wait for it to finish before resuming plan run %1.</source>
        <translation>Ein Plan läuft. Brechen Sie ihn ab (Esc) oder warten Sie, bis er fertig ist, bevor Sie Planlauf %1 fortsetzen.</translation>
    </message>
    <message>
        <source>No results database is open.</source>
        <translation>Keine Ergebnisdatenbank geöffnet.</translation>
    </message>
    <message>
        <source>Plan run %1 is not among the interrupted plan runs of %2.</source>
        <translation>Planlauf %1 ist nicht unter den unterbrochenen Planläufen von %2.</translation>
    </message>
    <message>
        <source>Plan run %1 of &apos;%2&apos; cannot be resumed: %3.

Run its plan again as a new plan run instead (Plans page or Run plan file…).</source>
        <translation>Planlauf %1 von „%2“ kann nicht fortgesetzt werden: %3.

Führen Sie seinen Plan stattdessen als neuen Planlauf aus (Seite Pläne oder Plandatei ausführen…).</translation>
    </message>
    <message>
        <source>Run plan</source>
        <translation>Plan ausführen</translation>
    </message>
    <message>
        <source>A plan is running. Cancel it (Esc) or wait for it to finish before starting another.</source>
        <translation>Ein Plan läuft. Brechen Sie ihn ab (Esc) oder warten Sie, bis er fertig ist, bevor Sie einen weiteren starten.</translation>
    </message>
    <message>
        <source>Wirebench plans (*.json)</source>
        <translation>Wirebench-Pläne (*.json)</translation>
    </message>
    <message>
        <source>%1

Fix the plan file (see docs/plan-format.md) and open it again.</source>
        <translation>%1

Korrigieren Sie die Plandatei (siehe docs/plan-format.md) und öffnen Sie sie erneut.</translation>
    </message>
    <message>
        <source>A plan is running. Cancel it (Esc) or wait for it to finish before starting &apos;%1&apos;.</source>
        <translation>Ein Plan läuft. Brechen Sie ihn ab (Esc) oder warten Sie, bis er fertig ist, bevor Sie „%1“ starten.</translation>
    </message>
    <message>
        <source>No results database is open, so results would be lost. Open or create a database first (the program asks at start).</source>
        <translation>Keine Ergebnisdatenbank geöffnet, Ergebnisse gingen also verloren. Öffnen oder erstellen Sie zuerst eine Datenbank (das Programm fragt beim Start).</translation>
    </message>
    <message>
        <source>Plan &apos;%1&apos; has no test cases. Add a test on the Plans page.</source>
        <translation>Plan „%1“ hat keine Testfälle. Fügen Sie auf der Seite Pläne einen Test hinzu.</translation>
    </message>
    <message>
        <source>A plan is about to start; wait a moment.</source>
        <translation>Ein Plan startet gleich; warten Sie einen Moment.</translation>
    </message>
    <message>
        <source>checking the shared database %1</source>
        <translation>prüfe die gemeinsame Datenbank %1</translation>
    </message>
    <message>
        <source>Plan &apos;%1&apos; was not started: %2</source>
        <translation>Plan „%1“ wurde nicht gestartet: %2</translation>
    </message>
    <message>
        <source>%1. Check the database: its server, file or disk space.</source>
        <translation>%1. Prüfen Sie die Datenbank: ihren Server, ihre Datei oder den freien Speicherplatz.</translation>
    </message>
    <message>
        <source>reading what plan run %1 of &apos;%2&apos; holds in %3</source>
        <translation>lese, was Planlauf %1 von „%2“ in %3 enthält</translation>
    </message>
    <message>
        <source>Plan run %1 was not resumed: %2</source>
        <translation>Planlauf %1 wurde nicht fortgesetzt: %2</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>wartet</translation>
    </message>
    <message>
        <source>finished before</source>
        <translation>vorher fertig</translation>
    </message>
    <message numerus="yes">
        <source>waiting, %n kept</source>
        <translation>
            <numerusform>wartet, %n behalten</numerusform>
            <numerusform>wartet, %n behalten</numerusform>
        </translation>
    </message>
    <message>
        <source>kept</source>
        <translation>behalten</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2 tests, run id %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — %2 Tests, Lauf-ID %3</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — resuming run id %2: %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — setze Lauf-ID %2 fort: %3</translation>
    </message>
    <message>
        <source>starting plan &apos;%1&apos; (run id %2), results into %3</source>
        <translation>starte Plan „%1“ (Lauf-ID %2), Ergebnisse nach %3</translation>
    </message>
    <message>
        <source>resuming plan &apos;%1&apos; (run id %2: %3), results into %4</source>
        <translation>setze Plan „%1“ fort (Lauf-ID %2: %3), Ergebnisse nach %4</translation>
    </message>
    <message>
        <source>run %1</source>
        <translation>Lauf %1</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message>
        <source>%1 of %2 tests did not finish; see the errors above, fix the host and resume the plan run (Interrupted plan runs, above): only what did not finish runs, the rest is kept.</source>
        <translation>%1 von %2 Tests wurden nicht fertig; siehe die Fehler oben, beheben Sie das Problem am Host und setzen Sie den Planlauf fort (Unterbrochene Planläufe, oben): Nur was nicht fertig wurde, läuft erneut, der Rest bleibt erhalten.</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>übersprungen</translation>
    </message>
    <message>
        <source>%1 test results stored in %2</source>
        <translation>%1 Testergebnisse in %2 gespeichert</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>info</source>
        <translation>Info</translation>
    </message>
</context>
<context>
    <name>wb::gui::TopologyLayout</name>
    <message>
        <source>No hosts in this lab yet.
Add a host (Ctrl+N) and fill its NICs with Discover NICs (Ctrl+D),
open a lab file (Ctrl+O), or open the example lab.</source>
        <translation>Noch keine Hosts in diesem Labor.
Fügen Sie einen Host hinzu (Strg+N) und füllen Sie seine NICs mit NICs erkennen (Strg+D),
öffnen Sie eine Labordatei (Strg+O) oder das Beispiellabor.</translation>
    </message>
    <message>
        <source>No links yet: on the Links tab, wire each NIC through a cable to a switch port
(or to another NIC for a crossover cable) to draw the lab.</source>
        <translation>Noch keine Links: Verbinden Sie auf dem Reiter Links jede NIC über ein Kabel mit einem Switch-Port
(oder mit einer anderen NIC für ein Crossover-Kabel), um das Labor zu zeichnen.</translation>
    </message>
    <message>
        <source>%1 of %2 ports in use</source>
        <translation>%1 von %2 Ports belegt</translation>
    </message>
    <message>
        <source>1 port in use</source>
        <translation>1 Port belegt</translation>
    </message>
    <message>
        <source>%1 ports in use</source>
        <translation>%1 Ports belegt</translation>
    </message>
    <message>
        <source>port %1</source>
        <translation>Port %1</translation>
    </message>
    <message>
        <source>ports %1 ↔ %2</source>
        <translation>Ports %1 ↔ %2</translation>
    </message>
</context>
<context>
    <name>wb::gui::TopologyScene</name>
    <message>
        <source>Uplink %1 — %2 — cable %3</source>
        <translation>Uplink %1 — %2 — Kabel %3</translation>
    </message>
    <message>
        <source>%1 — cable %2</source>
        <translation>%1 — Kabel %2</translation>
    </message>
</context>
<context>
    <name>wb::gui::WelcomePage</name>
    <message>
        <source>Getting started</source>
        <translation>Erste Schritte</translation>
    </message>
    <message>
        <source>Wirebench runs NIC, switch and cable benchmarks between your lab hosts and keeps every result with the hardware it ran on, beside the historical figures of 1997–2003 lab reports.</source>
        <translation>Wirebench führt NIC-, Switch- und Kabel-Benchmarks zwischen Ihren Laborhosts aus und bewahrt jedes Ergebnis mit der Hardware, auf der es lief, neben den historischen Werten der Laborberichte von 1997–2003 auf.</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Try it on this machine&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;Auf diesem Rechner ausprobieren&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>Run the sample plan</source>
        <translation>Den Beispielplan ausführen</translation>
    </message>
    <message>
        <source>The seeds&apos; classic tests between two agents on this machine (the &lt;i&gt;local lab&lt;/i&gt;, hosts &lt;b&gt;local-a&lt;/b&gt; and &lt;b&gt;local-b&lt;/b&gt;): UDP_STREAM with 1, 64 and 1472-byte messages, TCP_RR 1/1 and a 12 MB file transfer to a file and to /dev/null. About 15 seconds.</source>
        <translation>Die klassischen Tests der Vorlagen zwischen zwei Agenten auf diesem Rechner (das &lt;i&gt;lokale Labor&lt;/i&gt;, Hosts &lt;b&gt;local-a&lt;/b&gt; und &lt;b&gt;local-b&lt;/b&gt;): UDP_STREAM mit Nachrichten von 1, 64 und 1472 Byte, TCP_RR 1/1 und eine 12-MB-Dateiübertragung in eine Datei und nach /dev/null. Etwa 15 Sekunden.</translation>
    </message>
    <message>
        <source>Open Compare</source>
        <translation>Vergleich öffnen</translation>
    </message>
    <message>
        <source>Your results beside the 1997–2003 baselines, with confidence intervals and the verdict in words; export the chart as PNG, SVG or PDF.</source>
        <translation>Ihre Ergebnisse neben den Baselines von 1997–2003, mit Konfidenzintervallen und dem Urteil in Worten; exportieren Sie das Diagramm als PNG, SVG oder PDF.</translation>
    </message>
    <message>
        <source>Browse the 1997 lab</source>
        <translation>Das Labor von 1997 ansehen</translation>
    </message>
    <message>
        <source>Five Linux hosts on a Fast Ethernet hub with 1 to 65 m of cable, as Evgeny Rodichev described them in 1997; his FTP table ships as baselines.</source>
        <translation>Fünf Linux-Hosts an einem Fast-Ethernet-Hub mit 1 bis 65 m Kabel, wie Evgeny Rodichev sie 1997 beschrieb; seine FTP-Tabelle wird als Baselines mitgeliefert.</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Add a real lab host in three steps&lt;/h3&gt;&lt;ol&gt;&lt;li&gt;&lt;b&gt;Make sure &lt;code&gt;ssh user@host&lt;/code&gt; works with a key&lt;/b&gt; (&lt;code&gt;ssh-copy-id user@host&lt;/code&gt;). The host needs nothing else: Wirebench copies its agent there on first use.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Inventory → Hosts → Add&lt;/b&gt; (Ctrl+N): the name, its address and the SSH user; then add its NICs, switches and cables, or run &lt;code&gt;wirebench-cli inventory discover HOST --accept-new-host-keys&lt;/code&gt; to fill in its NICs.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Plans&lt;/b&gt;: pick two hosts and a preset (UDP_STREAM 1/64/1472, TCP_RR, FTP 12 MB), then &lt;b&gt;Run&lt;/b&gt; (Ctrl+R). The first connection asks you to confirm the host&apos;s key fingerprint.&lt;/li&gt;&lt;/ol&gt;</source>
        <translation>&lt;h3&gt;Einen echten Laborhost in drei Schritten hinzufügen&lt;/h3&gt;&lt;ol&gt;&lt;li&gt;&lt;b&gt;Sorgen Sie dafür, dass &lt;code&gt;ssh user@host&lt;/code&gt; mit einem Schlüssel funktioniert&lt;/b&gt; (&lt;code&gt;ssh-copy-id user@host&lt;/code&gt;). Der Host braucht sonst nichts: Wirebench kopiert seinen Agenten bei der ersten Benutzung dorthin.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Inventar → Hosts → Neu&lt;/b&gt; (Strg+N): der Name, seine Adresse und der SSH-Benutzer; dann fügen Sie seine NICs, Switches und Kabel hinzu, oder führen Sie &lt;code&gt;wirebench-cli inventory discover HOST --accept-new-host-keys&lt;/code&gt; aus, um seine NICs einzutragen.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Pläne&lt;/b&gt;: Wählen Sie zwei Hosts und eine Vorlage (UDP_STREAM 1/64/1472, TCP_RR, FTP 12 MB), dann &lt;b&gt;Ausführen&lt;/b&gt; (Strg+R). Die erste Verbindung bittet Sie, den Fingerabdruck des Host-Schlüssels zu bestätigen.&lt;/li&gt;&lt;/ol&gt;</translation>
    </message>
</context>
</TS>
